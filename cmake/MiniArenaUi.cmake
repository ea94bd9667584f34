# The UI library's sources, for the web build (src/ui) and the native page-flow tests
# (tests/ui): one list, so both compile the same pages.

# miniarena_ui_sources(OUT) — every src/ui source, its pages, and the subset fonts generated at
# build time (scripts/lib/make_font.py cuts NanumSquare to the glyphs the string table and the
# manifest files use; the app's Fonts class links its kFontRegular / kFontBold symbols).
# Call it from one directory per build: the font command belongs to that directory's targets.
function(miniarena_ui_sources out)
  set(ui ${CMAKE_SOURCE_DIR}/src/ui)
  set(font_cpp ${CMAKE_BINARY_DIR}/generated/font_data.cpp)
  file(GLOB page_json ${CMAKE_SOURCE_DIR}/web/pages/*/*.json)
  add_custom_command(
    OUTPUT ${font_cpp}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/generated
    COMMAND /usr/bin/python3 ${CMAKE_SOURCE_DIR}/scripts/lib/make_font.py
            --table ${CMAKE_SOURCE_DIR}/src/miniapp/strings_table.inc
            --json ${CMAKE_SOURCE_DIR}/web/app.json ${page_json}
            --out ${font_cpp} --report ${CMAKE_BINARY_DIR}/generated/glyphs.txt
    DEPENDS ${CMAKE_SOURCE_DIR}/scripts/lib/make_font.py ${CMAKE_SOURCE_DIR}/src/miniapp/strings_table.inc
            ${CMAKE_SOURCE_DIR}/web/app.json ${page_json}
    COMMENT "Subsetting NanumSquare to the glyphs the app uses")
  file(GLOB pages CONFIGURE_DEPENDS ${ui}/pages/*/*.cpp)
  set(${out}
      ${ui}/app.cpp ${ui}/page_view.cpp ${ui}/bars.cpp ${ui}/overlays.cpp ${ui}/automation.cpp
      ${ui}/widgets.cpp ${ui}/fonts.cpp ${ui}/theme.cpp ${ui}/ladder.cpp ${ui}/play.cpp ${ui}/board_game.cpp
      ${ui}/snapshot.cpp ${ui}/pages/registry.cpp ${pages} ${font_cpp}
      PARENT_SCOPE)
endfunction()
