/* sdl_trim_config.h — force-included (-include) into every SDL source file of the web build,
 * before SDL_config.h. It takes Emscripten's SDL configuration and switches off what Mini
 * Arena never uses, so that code is neither compiled nor linked (see cmake/WebDeps.cmake and
 * README "Web budgets"). SDL's own sources are not edited.
 *
 * The app uses: SDL_Init(VIDEO | TIMER), one resizable high-DPI window (no GL context: frames
 * are drawn by the page's renderer, web/renderer.js), mouse/touch/keyboard/text/window events,
 * system cursors and the clipboard (ImGui's SDL2 backend). It never uses: OpenGL, audio, joysticks and
 * game controllers, haptics, sensors, power info, shared-object loading, the base/pref path,
 * the 2D render API, software surfaces being blitted or converted, RLE, YUV.
 */
#include "SDL_config_emscripten.h" /* has an include guard: SDL_config.h's own include is a no-op */

/* Audio: no sound anywhere in the app. */
#undef SDL_AUDIO_DRIVER_DISK
#undef SDL_AUDIO_DRIVER_DUMMY
#undef SDL_AUDIO_DRIVER_EMSCRIPTEN
#define SDL_AUDIO_DISABLED 1

/* Joysticks / game controllers: ImGui's backend only opens a game controller when
 * ImGuiConfigFlags_NavEnableGamepad is set, which the app never sets; the three functions it
 * references are stubs in sdl_trim_stubs.c. */
#undef SDL_JOYSTICK_EMSCRIPTEN
#define SDL_JOYSTICK_DISABLED 1

/* Haptics and hidapi are already off in SDL_config_emscripten.h; sensors, power, loadso and the
 * filesystem paths go too (their dummy back ends remain where SDL needs a symbol). */
#undef SDL_SENSOR_DUMMY
#define SDL_SENSOR_DISABLED 1
#undef SDL_POWER_EMSCRIPTEN
#define SDL_POWER_DISABLED 1
#undef SDL_LOADSO_DLOPEN
#define SDL_LOADSO_DISABLED 1
#undef SDL_FILESYSTEM_EMSCRIPTEN
#define SDL_FILESYSTEM_DISABLED 1

/* OpenGL ES and EGL: the window has no GL context (web/renderer.js draws the frames in a worker). */
#undef SDL_VIDEO_OPENGL_ES2
#undef SDL_VIDEO_OPENGL_EGL

/* The 2D render API: the app draws its own frames. */
#undef SDL_VIDEO_RENDER_OGL_ES2
#define SDL_RENDER_DISABLED 1

/* SDL's own footprint switch (SDL_internal.h): no blit_0/1/A/N/auto software blitters, no RLE,
 * no YUV, no software renderer. Surface blits fall back to SDL_Blit_Slow; the app blits nothing
 * (no window surface, no colour cursors, no window icon). */
#define SDL_LEAN_AND_MEAN 1
