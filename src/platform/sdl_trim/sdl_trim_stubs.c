/* sdl_trim_stubs.c — the few SDL entry points Mini Arena's web build still references after
 * sdl_trim_config.h switched their subsystems off (see that file and cmake/WebDeps.cmake).
 *
 *   game controllers .. ImGui's SDL2 backend references three; gamepad navigation is off
 *   GL proc lookup ..... SDL's Emscripten GL glue stores eglGetProcAddress, which in Emscripten
 *                        is a lookup over every GL entry point and so keeps every GL function
 *                        (wasm and JavaScript) in the build. The app calls GL directly (ImGui's
 *                        OpenGL3 backend with IMGUI_IMPL_OPENGL_ES3), and SDL only looks up the
 *                        few functions below; any other name yields NULL.
 */
#include "SDL.h"

#include <GLES3/gl3.h>
#include <string.h>

SDL_GameController *SDL_GameControllerOpen(int joystick_index)
{
    (void)joystick_index;
    SDL_SetError("game controllers are not part of this build");
    return NULL;
}

Uint8 SDL_GameControllerGetButton(SDL_GameController *gamecontroller, SDL_GameControllerButton button)
{
    (void)gamecontroller;
    (void)button;
    return 0;
}

Sint16 SDL_GameControllerGetAxis(SDL_GameController *gamecontroller, SDL_GameControllerAxis axis)
{
    (void)gamecontroller;
    (void)axis;
    return 0;
}

/* Takes the place of eglGetProcAddress in video/emscripten/SDL_emscriptenopengles.c (compiled
 * with -DeglGetProcAddress=miniarena_sdl_eglGetProcAddress). */
typedef void (*miniarena_gl_proc)(void);
miniarena_gl_proc miniarena_sdl_eglGetProcAddress(const char *name)
{
    static const struct {
        const char *name;
        miniarena_gl_proc proc;
    } known[] = {
        {"glGetString", (miniarena_gl_proc)glGetString},
        {"glGetStringi", (miniarena_gl_proc)glGetStringi},
        {"glGetIntegerv", (miniarena_gl_proc)glGetIntegerv},
        {"glGetError", (miniarena_gl_proc)glGetError},
        {"glBindFramebuffer", (miniarena_gl_proc)glBindFramebuffer},
        {"glGetFramebufferAttachmentParameteriv", (miniarena_gl_proc)glGetFramebufferAttachmentParameteriv},
    };
    size_t i;
    for (i = 0; name && i < sizeof(known) / sizeof(known[0]); ++i) {
        if (strcmp(name, known[i].name) == 0) {
            return known[i].proc;
        }
    }
    return NULL;
}
