railyard_add_test(layout layout)
