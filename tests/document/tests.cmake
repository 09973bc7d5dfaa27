railyard_add_test(document document)
