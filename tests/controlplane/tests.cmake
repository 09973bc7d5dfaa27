# The control-plane service (docs/api.md).

# Store, roles, tokens and request handling, in process.
railyard_add_test(controlplane controlservice)
find_package(SQLite3 REQUIRED)
target_link_libraries(tst_controlservice PRIVATE SQLite::SQLite3)
target_compile_definitions(tst_controlservice PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_controlservice railyard-cli)
set_tests_properties(controlplane/controlservice PROPERTIES TIMEOUT 300)

# The security review's findings, one regression test each (docs/security.md).
railyard_add_test(controlplane controlsecurity)
target_link_libraries(tst_controlsecurity PRIVATE SQLite::SQLite3)
set_tests_properties(controlplane/controlsecurity PROPERTIES TIMEOUT 300)

# A self-approved intent, which Railyard's own tools refuse to write.
qt_add_executable(railyard-forge-intent ${CMAKE_CURRENT_SOURCE_DIR}/controlplane/forgeintent.cpp)
target_link_libraries(railyard-forge-intent PRIVATE Railyard::Core)

# End to end against the real binary, with a client that is not Railyard's
# (Python's urllib and ssl) and the responses validated against
# docs/openapi.yaml (python3-jsonschema); then the soak run of malformed,
# oversized and slow requests. Both skip with a message when python3,
# jsonschema or openssl are missing.
find_program(RAILYARD_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT RAILYARD_PYTHON3)
    find_program(RAILYARD_PYTHON3 python3)
endif()
set(controld_test_env
    "RAILYARD_CONTROLD=$<TARGET_FILE:railyard-controld>"
    "RAILYARD_CLI=$<TARGET_FILE:railyard-cli>"
    "RAILYARD_FORGE_INTENT=$<TARGET_FILE:railyard-forge-intent>"
    "RAILYARD_SAMPLES=${PROJECT_SOURCE_DIR}/samples"
    "RAILYARD_OPENAPI=${PROJECT_SOURCE_DIR}/docs/openapi.yaml"
    "QT_QPA_PLATFORM=offscreen")
if(RAILYARD_SANITIZE)
    list(APPEND controld_test_env "RAILYARD_SANITIZED=1")
endif()
foreach(script controld_api controld_soak controld_hostile)
    add_test(NAME controlplane/${script}
             COMMAND ${RAILYARD_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/controlplane/${script}.py)
    set_tests_properties(controlplane/${script} PROPERTIES
        ENVIRONMENT "${controld_test_env}" TIMEOUT 300 SKIP_RETURN_CODE 77)
endforeach()
add_custom_target(controld_test_tools ALL DEPENDS railyard-controld railyard-cli railyard-forge-intent)

# The desktop client: the Control Plane dock against a real railyard-controld.
railyard_add_test(controlplane controlplanedock LIBS Railyard::Views)
target_compile_definitions(tst_controlplanedock PRIVATE RAILYARD_CONTROLD="$<TARGET_FILE:railyard-controld>")
add_dependencies(tst_controlplanedock railyard-controld)
set_tests_properties(controlplane/controlplanedock PROPERTIES TIMEOUT 300)
