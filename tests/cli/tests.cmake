# railyard-cli end-to-end tests: run the built binary with QProcess.
railyard_add_test(cli cli)
target_compile_definitions(tst_cli PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_cli railyard-cli)
set_tests_properties(cli/cli PROPERTIES TIMEOUT 300)

# Docs that run as written: every example command of README.md and docs/*.md,
# its output compared with the page (tests/docs/test_doc_examples.py).
find_program(RAILYARD_PYTHON3_DOCS python3)
if(RAILYARD_PYTHON3_DOCS)
    add_test(NAME docs/examples
             COMMAND ${RAILYARD_PYTHON3_DOCS} ${PROJECT_SOURCE_DIR}/tests/docs/test_doc_examples.py
                     ${PROJECT_SOURCE_DIR} $<TARGET_FILE:railyard-cli>)
    set_tests_properties(docs/examples PROPERTIES TIMEOUT 600)
else()
    message(STATUS "python3 not found: docs/examples test not registered")
endif()

railyard_add_test(cli clidesign)
target_compile_definitions(tst_clidesign PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_clidesign railyard-cli)
set_tests_properties(cli/clidesign PROPERTIES TIMEOUT 300)

railyard_add_test(cli clihelp)
target_compile_definitions(tst_clihelp PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_clihelp railyard-cli)
