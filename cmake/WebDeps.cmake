# Dear ImGui 1.90.1 and SDL2 2.26.5 for the WebAssembly UI, compiled from the Debian source
# packages that scripts/setup unpacked into ${MINIARENA_DEPS}/src (never committed).
#
# SDL2 is compiled directly from its sources with SDL_config_emscripten.h (no SDL configure
# step): the file list is Emscripten 3.1.6's ports/sdl2.py list plus the files SDL added after
# 2.0.20, and the generic (threads-disabled) thread backend.
set(IMGUI_DIR ${MINIARENA_DEPS}/src/imgui-1.90.1)
set(SDL2_SRC_DIR ${MINIARENA_DEPS}/src/SDL2-2.26.5)
foreach(dir ${IMGUI_DIR} ${SDL2_SRC_DIR})
  if(NOT EXISTS ${dir})
    message(FATAL_ERROR "${dir} is missing: run scripts/setup first")
  endif()
endforeach()

set(_s ${SDL2_SRC_DIR}/src)
set(SDL2_DIRECT_SOURCES
  SDL.c SDL_assert.c SDL_dataqueue.c SDL_error.c SDL_hints.c SDL_log.c atomic/SDL_atomic.c
  atomic/SDL_spinlock.c audio/SDL_audio.c audio/SDL_audiocvt.c audio/SDL_audiodev.c
  audio/SDL_audiotypecvt.c audio/SDL_mixer.c audio/SDL_wave.c cpuinfo/SDL_cpuinfo.c
  dynapi/SDL_dynapi.c events/SDL_clipboardevents.c events/SDL_displayevents.c events/SDL_dropevents.c
  events/SDL_events.c events/SDL_gesture.c events/SDL_keyboard.c events/SDL_mouse.c events/SDL_quit.c
  events/SDL_touch.c events/SDL_windowevents.c file/SDL_rwops.c haptic/SDL_haptic.c
  joystick/SDL_gamecontroller.c joystick/SDL_joystick.c
  power/SDL_power.c render/SDL_d3dmath.c render/SDL_render.c
  render/SDL_yuv_sw.c render/direct3d/SDL_render_d3d.c render/direct3d11/SDL_render_d3d11.c
  render/opengl/SDL_render_gl.c render/opengl/SDL_shaders_gl.c render/opengles/SDL_render_gles.c
  render/opengles2/SDL_render_gles2.c render/opengles2/SDL_shaders_gles2.c
  render/psp/SDL_render_psp.c render/software/SDL_blendfillrect.c render/software/SDL_blendline.c
  render/software/SDL_blendpoint.c render/software/SDL_drawline.c render/software/SDL_drawpoint.c
  render/software/SDL_render_sw.c render/software/SDL_rotate.c render/software/SDL_triangle.c
  sensor/SDL_sensor.c sensor/dummy/SDL_dummysensor.c
  stdlib/SDL_crc32.c stdlib/SDL_getenv.c stdlib/SDL_iconv.c stdlib/SDL_malloc.c stdlib/SDL_qsort.c
  stdlib/SDL_stdlib.c stdlib/SDL_string.c stdlib/SDL_strtokr.c thread/SDL_thread.c timer/SDL_timer.c
  video/SDL_RLEaccel.c video/SDL_blit.c video/SDL_blit_0.c video/SDL_blit_1.c video/SDL_blit_A.c
  video/SDL_blit_N.c video/SDL_blit_auto.c video/SDL_blit_copy.c video/SDL_blit_slow.c
  video/SDL_bmp.c video/SDL_clipboard.c video/SDL_egl.c video/SDL_fillrect.c video/SDL_pixels.c
  video/SDL_rect.c video/SDL_shape.c video/SDL_stretch.c video/SDL_surface.c video/SDL_video.c
  video/SDL_yuv.c video/emscripten/SDL_emscriptenevents.c
  video/emscripten/SDL_emscriptenframebuffer.c video/emscripten/SDL_emscriptenmouse.c
  video/emscripten/SDL_emscriptenopengles.c video/emscripten/SDL_emscriptenvideo.c
  audio/emscripten/SDL_emscriptenaudio.c video/dummy/SDL_nullevents.c
  video/dummy/SDL_nullframebuffer.c video/dummy/SDL_nullvideo.c video/yuv2rgb/yuv_rgb.c
  audio/disk/SDL_diskaudio.c audio/dummy/SDL_dummyaudio.c loadso/dlopen/SDL_sysloadso.c
  power/emscripten/SDL_syspower.c joystick/emscripten/SDL_sysjoystick.c
  filesystem/emscripten/SDL_sysfilesystem.c timer/unix/SDL_systimer.c haptic/dummy/SDL_syshaptic.c
  main/dummy/SDL_dummy_main.c locale/SDL_locale.c locale/emscripten/SDL_syslocale.c misc/SDL_url.c
  misc/emscripten/SDL_sysurl.c
  SDL_guid.c SDL_list.c SDL_utils.c events/SDL_keysym_to_scancode.c events/SDL_scancode_tables.c
  joystick/controller_type.c stdlib/SDL_crc16.c stdlib/SDL_mslibc.c video/SDL_vulkan_utils.c
  thread/generic/SDL_syscond.c thread/generic/SDL_sysmutex.c thread/generic/SDL_syssem.c
  thread/generic/SDL_systhread.c thread/generic/SDL_systls.c)
list(TRANSFORM SDL2_DIRECT_SOURCES PREPEND ${_s}/)
add_library(sdl2_web STATIC ${SDL2_DIRECT_SOURCES})
set_target_properties(sdl2_web PROPERTIES C_STANDARD 99)
target_include_directories(sdl2_web SYSTEM PUBLIC ${SDL2_SRC_DIR}/include)
target_compile_options(sdl2_web PRIVATE -w "SHELL:-idirafter ${_s}/video/khronos")

add_library(imgui_web STATIC
  ${IMGUI_DIR}/imgui.cpp ${IMGUI_DIR}/imgui_draw.cpp ${IMGUI_DIR}/imgui_tables.cpp
  ${IMGUI_DIR}/imgui_widgets.cpp ${IMGUI_DIR}/imgui_demo.cpp
  ${IMGUI_DIR}/backends/imgui_impl_sdl2.cpp ${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui_web SYSTEM PUBLIC ${IMGUI_DIR} ${IMGUI_DIR}/backends)
# WebGL2 = GLES 3.0; no file functions (no filesystem in the app); no ini file.
target_compile_definitions(imgui_web PUBLIC IMGUI_IMPL_OPENGL_ES3 IMGUI_DISABLE_FILE_FUNCTIONS
                                            IMGUI_DISABLE_OBSOLETE_FUNCTIONS)
target_compile_options(imgui_web PRIVATE -w)
target_link_libraries(imgui_web PUBLIC sdl2_web)

# The UI side is built for size; engines keep -O3 (set per target in src/platform).
target_compile_options(sdl2_web PRIVATE -Os)
target_compile_options(imgui_web PRIVATE -Os)
