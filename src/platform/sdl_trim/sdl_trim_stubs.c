/* sdl_trim_stubs.c — the few SDL entry points Mini Arena's web build still references after
 * sdl_trim_config.h switched their subsystems off (see that file and cmake/WebDeps.cmake).
 *
 *   game controllers .. ImGui's SDL2 backend references three; gamepad navigation is off
 */
#include "SDL.h"

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
