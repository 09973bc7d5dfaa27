railyard_add_test(fabricmanager lftdump)
railyard_add_test(fabricmanager subnetmanager)
railyard_add_test(fabricmanager partitions)
target_compile_definitions(tst_subnetmanager PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_subnetmanager railyard-cli)
# ibsim serves one simulated fabric per machine: its tests never run at once.
set_tests_properties(fabricmanager/subnetmanager PROPERTIES RESOURCE_LOCK ibsim TIMEOUT 600)
railyard_add_test(fabricmanager staticroutes)
set_tests_properties(fabricmanager/staticroutes PROPERTIES RESOURCE_LOCK ibsim TIMEOUT 600)
