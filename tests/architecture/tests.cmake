# The layering of core/ as the sources and CMake state it (ARCHITECTURE.md):
# includes follow declared arrows, no cycle, no widgets in core, no
# connect() to a lambda without a context object.
find_program(RAILYARD_PYTHON3_LAYERS python3)
if(RAILYARD_PYTHON3_LAYERS)
    add_test(NAME architecture/layers
             COMMAND ${RAILYARD_PYTHON3_LAYERS} ${CMAKE_CURRENT_SOURCE_DIR}/architecture/check_layers.py ${PROJECT_SOURCE_DIR})
else()
    message(STATUS "python3 not found: architecture/layers test not registered")
endif()
