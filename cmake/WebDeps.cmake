# Dear ImGui 1.90.1 and SDL2 2.26.5 for the WebAssembly UI, compiled from the Debian source
# packages that scripts/setup unpacked into ${MINIARENA_DEPS}/src (never committed).
#
# SDL2 is compiled directly from its sources with SDL_config_emscripten.h (no SDL configure
# step), trimmed to what the app uses by src/platform/sdl_trim/sdl_trim_config.h (force-included);
# the generic (threads-disabled) thread backend.
set(IMGUI_DIR ${MINIARENA_DEPS}/src/imgui-1.90.1)
set(SDL2_SRC_DIR ${MINIARENA_DEPS}/src/SDL2-2.26.5)
foreach(dir ${IMGUI_DIR} ${SDL2_SRC_DIR})
  if(NOT EXISTS ${dir})
    message(FATAL_ERROR "${dir} is missing: run scripts/setup first")
  endif()
endforeach()

set(_s ${SDL2_SRC_DIR}/src)
# Only what the app uses (see src/platform/sdl_trim/sdl_trim_config.h, force-included into every
# SDL file: no audio, joystick, haptic, sensor, power, loadso, filesystem paths, 2D renderer;
# SDL_LEAN_AND_MEAN drops the software blitters, RLE and YUV). Dropped from Emscripten's
# ports/sdl2.py list: audio/*, joystick/*, haptic/*, sensor/*, power/*, render/* but
# SDL_render.c, video/SDL_blit_{0,1,A,N,auto}.c, SDL_RLEaccel.c, SDL_yuv.c, yuv2rgb,
# SDL_bmp.c, video/dummy, main/dummy, locale, misc/url, loadso/dlopen.
set(SDL2_DIRECT_SOURCES
  SDL.c SDL_assert.c SDL_dataqueue.c SDL_error.c SDL_guid.c SDL_hints.c SDL_list.c SDL_log.c
  SDL_utils.c atomic/SDL_atomic.c atomic/SDL_spinlock.c cpuinfo/SDL_cpuinfo.c dynapi/SDL_dynapi.c
  events/SDL_clipboardevents.c events/SDL_displayevents.c events/SDL_dropevents.c events/SDL_events.c
  events/SDL_gesture.c events/SDL_keyboard.c events/SDL_keysym_to_scancode.c events/SDL_mouse.c
  events/SDL_quit.c events/SDL_scancode_tables.c events/SDL_touch.c events/SDL_windowevents.c
  file/SDL_rwops.c filesystem/dummy/SDL_sysfilesystem.c loadso/dummy/SDL_sysloadso.c
  render/SDL_render.c
  stdlib/SDL_crc16.c stdlib/SDL_crc32.c stdlib/SDL_getenv.c stdlib/SDL_iconv.c stdlib/SDL_malloc.c
  stdlib/SDL_mslibc.c stdlib/SDL_qsort.c stdlib/SDL_stdlib.c stdlib/SDL_string.c stdlib/SDL_strtokr.c
  thread/SDL_thread.c thread/generic/SDL_syscond.c thread/generic/SDL_sysmutex.c
  thread/generic/SDL_syssem.c thread/generic/SDL_systhread.c thread/generic/SDL_systls.c
  timer/SDL_timer.c timer/unix/SDL_systimer.c
  video/SDL_blit.c video/SDL_blit_copy.c video/SDL_blit_slow.c video/SDL_clipboard.c video/SDL_egl.c
  video/SDL_fillrect.c video/SDL_pixels.c video/SDL_rect.c video/SDL_shape.c video/SDL_stretch.c
  video/SDL_surface.c video/SDL_video.c video/SDL_vulkan_utils.c
  video/emscripten/SDL_emscriptenevents.c video/emscripten/SDL_emscriptenframebuffer.c
  video/emscripten/SDL_emscriptenmouse.c video/emscripten/SDL_emscriptenopengles.c
  video/emscripten/SDL_emscriptenvideo.c)
list(TRANSFORM SDL2_DIRECT_SOURCES PREPEND ${_s}/)
set(_sdl_trim ${CMAKE_SOURCE_DIR}/src/platform/sdl_trim)
add_library(sdl2_web STATIC ${SDL2_DIRECT_SOURCES} ${_sdl_trim}/sdl_trim_stubs.c)
set_target_properties(sdl2_web PROPERTIES C_STANDARD 99)
target_include_directories(sdl2_web SYSTEM PUBLIC ${SDL2_SRC_DIR}/include)
target_compile_options(sdl2_web PRIVATE -w "SHELL:-idirafter ${_s}/video/khronos"
                                        "SHELL:-include ${_sdl_trim}/sdl_trim_config.h")
set_property(SOURCE ${SDL2_DIRECT_SOURCES} ${_sdl_trim}/sdl_trim_stubs.c APPEND PROPERTY
  OBJECT_DEPENDS ${_sdl_trim}/sdl_trim_config.h)

add_library(imgui_web STATIC
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/imgui_widgets.cpp
  ${IMGUI_DIR}/backends/imgui_impl_sdl2.cpp)
target_include_directories(imgui_web SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
# The renderer is the page's own (web/renderer.js, fed by src/platform/draw_stream.h), not ImGui's;
# no file functions (no filesystem in the app); no ini file; no demo window (imgui_demo.cpp is
# not compiled) and no debug tools (metrics, item picker, debug log).
target_compile_definitions(imgui_web PUBLIC IMGUI_DISABLE_FILE_FUNCTIONS
                                            IMGUI_DISABLE_OBSOLETE_FUNCTIONS
                                            IMGUI_DISABLE_DEMO_WINDOWS IMGUI_DISABLE_DEBUG_TOOLS)
target_compile_options(imgui_web PRIVATE -w)
target_link_libraries(imgui_web PUBLIC sdl2_web)

# The UI side is built for size; engines keep -O3 (set per target in src/platform).
target_compile_options(sdl2_web PRIVATE -Oz -fno-rtti)
target_compile_options(imgui_web PRIVATE -Oz -fno-rtti)
