# Hostile and absurd inputs (issue 13): every reading command answers them
# without crashing, hanging or exhausting memory. Runs railyard-cli as a
# child process under an address-space limit.
railyard_add_test(hardening hardening)
target_compile_definitions(tst_hardening PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_hardening railyard-cli)
set_tests_properties(hardening/hardening PROPERTIES TIMEOUT 600)
