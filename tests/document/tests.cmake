railyard_add_test(document document)
railyard_add_test(document editing)
