# The .railyard project file (core/project, core/formats/railyardproject).
railyard_add_test(project projectfile)
railyard_add_test(project projectmigration)
railyard_add_test(project projectformat)
railyard_add_test(project projectkill)
railyard_add_test(project recoverystore)
# Fixtures made with the SQLite C API: a schema-1 file, foreign and damaged
# files, a transaction that dies after writing into the file.
find_package(SQLite3 REQUIRED)
target_link_libraries(tst_projectfile PRIVATE SQLite::SQLite3)
target_link_libraries(tst_projectmigration PRIVATE SQLite::SQLite3)
target_link_libraries(tst_projectkill PRIVATE SQLite::SQLite3)
set_tests_properties(project/projectkill PROPERTIES TIMEOUT 300)
# The format test also converts through the CLI, end to end.
target_compile_definitions(tst_projectformat PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_projectformat railyard-cli)
