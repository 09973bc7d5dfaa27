railyard_add_test(model fabric)
