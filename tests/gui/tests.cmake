railyard_add_test(gui mainwindow LIBS Railyard::Views)
target_compile_definitions(tst_mainwindow PRIVATE
    RAILYARD_CLI="$<TARGET_FILE:railyard-cli>"
    RAILYARD_GUI="$<TARGET_FILE:railyard>")
add_dependencies(tst_mainwindow railyard-cli railyard)
