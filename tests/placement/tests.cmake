# Job specs, placement strategies, cluster state and per-step traffic.
railyard_add_test(placement placement)
set_tests_properties(placement/placement PROPERTIES TIMEOUT 300)
