railyard_add_test(analysis oversubscription)
railyard_add_test(analysis bisection)
railyard_add_test(analysis maxflow LIBS Boost::headers)
railyard_add_test(analysis analysisfindings)
