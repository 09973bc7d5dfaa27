railyard_add_test(views analysisdock LIBS Railyard::Views)
railyard_add_test(views templatedialog LIBS Railyard::Views)
railyard_add_test(views docks LIBS Railyard::Views)
railyard_add_test(views jobsdock LIBS Railyard::Views)
