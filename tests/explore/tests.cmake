railyard_add_test(explore explore)
