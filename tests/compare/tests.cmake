railyard_add_test(compare fabricdiff)
set_tests_properties(compare/fabricdiff PROPERTIES TIMEOUT 300)
