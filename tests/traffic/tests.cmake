railyard_add_test(traffic routing)
railyard_add_test(traffic collective)
railyard_add_test(traffic inswitch)
railyard_add_test(traffic nccltuning)
