railyard_add_test(floor floor)
