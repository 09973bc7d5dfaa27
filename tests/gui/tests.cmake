railyard_add_test(gui mainwindow LIBS Railyard::Views)
target_compile_definitions(tst_mainwindow PRIVATE
    RAILYARD_CLI="$<TARGET_FILE:railyard-cli>"
    RAILYARD_GUI="$<TARGET_FILE:railyard>")
add_dependencies(tst_mainwindow railyard-cli railyard)

railyard_add_test(gui drawing LIBS Railyard::Views)

railyard_add_test(gui translation LIBS Railyard::Views)
# tst_translation reads translations/railyard_de.ts and its own compiled copy of it.
find_package(Qt6 6.4 REQUIRED COMPONENTS LinguistTools)
qt_add_lrelease(tst_translation
    TS_FILES ${PROJECT_SOURCE_DIR}/translations/railyard_de.ts
    QM_FILES_OUTPUT_VARIABLE RAILYARD_TEST_QM_FILES
    NO_GLOBAL_TARGET)
target_compile_definitions(tst_translation PRIVATE
    RAILYARD_DE_TS="${PROJECT_SOURCE_DIR}/translations/railyard_de.ts"
    RAILYARD_DE_QM="${RAILYARD_TEST_QM_FILES}")

railyard_add_test(gui projectwindow LIBS Railyard::Views)

railyard_add_test(gui desktop LIBS Railyard::Views)
target_compile_definitions(tst_desktop PRIVATE RAILYARD_GUI="$<TARGET_FILE:railyard>")
add_dependencies(tst_desktop railyard)

railyard_add_test(gui architect LIBS Railyard::Views)
