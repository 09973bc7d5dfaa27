railyard_add_test(formats fabricjson)
railyard_add_test(formats graphml)
railyard_add_test(formats fastpaths)
