# Live health: simulator, detection, attribution, actions, record/replay (core).
railyard_add_test(health healthfocus)
railyard_add_test(health healthdetect)
set_tests_properties(health/healthdetect PROPERTIES TIMEOUT 600)

# Recordings and incidents in a .railyard project (a damaged frame made with the SQLite C API).
railyard_add_test(health healthstore)
find_package(SQLite3 REQUIRED)
target_link_libraries(tst_healthstore PRIVATE SQLite::SQLite3)
set_tests_properties(health/healthstore PROPERTIES TIMEOUT 600)

# `railyard-cli health` end to end.
railyard_add_test(health healthcommand)
target_compile_definitions(tst_healthcommand PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_healthcommand railyard-cli)
set_tests_properties(health/healthcommand PROPERTIES TIMEOUT 600)

# The real parts: railyard-cli simulate → node_exporter + Prometheus → PrometheusSource (skips without them).
railyard_add_test(health healthprometheus)
target_compile_definitions(tst_healthprometheus PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_healthprometheus railyard-cli)
set_tests_properties(health/healthprometheus PROPERTIES TIMEOUT 180)
