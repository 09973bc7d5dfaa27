# railyard-cli end-to-end tests: run the built binary with QProcess.
railyard_add_test(cli cli)
target_compile_definitions(tst_cli PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_cli railyard-cli)
set_tests_properties(cli/cli PROPERTIES TIMEOUT 300)
