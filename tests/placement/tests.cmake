# Job specs, placement strategies, cluster state and per-step traffic.
railyard_add_test(placement placement)
set_tests_properties(placement/placement PROPERTIES TIMEOUT 300)

# A job on a cluster in service and on an impaired fabric, and `railyard-cli place`.
railyard_add_test(placement jobcommand)
target_compile_definitions(tst_jobcommand PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_jobcommand railyard-cli)
set_tests_properties(placement/jobcommand PROPERTIES TIMEOUT 300)

# Step time against published training runs (tests/data/step-validation, docs/step-validation.md).
railyard_add_test(placement stepvalidation LIBS nlohmann_json::nlohmann_json)

# The whole step worked by hand (docs/traffic-model.md, "The whole step").
railyard_add_test(placement steptime)
railyard_add_test(placement monotone)
