# Network intents: selectors, canonical JSON, the reader, lint, diff,
# review and signatures (core), and the intent/keys commands end to end.
railyard_add_test(intents selector)
railyard_add_test(intents canonicaljson)
railyard_add_test(intents intentreader)
railyard_add_test(intents intentlint)
railyard_add_test(intents intentdiff)
railyard_add_test(intents intentreview)
railyard_add_test(intents intentstore)
railyard_add_test(intents intenthosts)
railyard_add_test(intents intentcli)
target_compile_definitions(tst_intentcli PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_intentcli railyard-cli)
