railyard_add_test(inventory fabricdiff)
set_tests_properties(inventory/fabricdiff PROPERTIES TIMEOUT 300)
railyard_add_test(inventory bom)
