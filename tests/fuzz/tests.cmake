# Short fuzzing runs of every fuzz target in the default test run: the
# targets of fuzz/ linked with fuzz/standalonedriver.cpp (no clang, no
# libFuzzer, no sanitizers) replay their seeds and the regression fixtures,
# then mutate them for a fixed budget. The coverage-guided runs under ASan +
# UBSan are `packaging/bootstrap.sh fuzz` (docs/reliability.md).
set(RAILYARD_FUZZ_SECONDS 15 CACHE STRING "Budget of each short fuzzing run in the test suite, seconds")

set(fuzz_fabricjson_seeds "")
file(GLOB fabric_candidates ${PROJECT_SOURCE_DIR}/samples/*.fabric.json ${PROJECT_SOURCE_DIR}/tests/data/*/*.fabric.json)
foreach(f IN LISTS fabric_candidates)
    file(SIZE ${f} size)
    if(size LESS_EQUAL 65536)
        list(APPEND fuzz_fabricjson_seeds ${f})
    endif()
endforeach()
file(GLOB fuzz_graphml_seeds ${PROJECT_SOURCE_DIR}/samples/*.graphml ${PROJECT_SOURCE_DIR}/tests/data/*/*.graphml)
file(GLOB fuzz_jobspec_seeds ${PROJECT_SOURCE_DIR}/samples/*.job.json)
set(fuzz_cliargs_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/cliargs)
set(fuzz_controlrequest_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/controlrequest)
set(fuzz_ibnetdiscover_seeds ${PROJECT_SOURCE_DIR}/tests/data/ibnetdiscover ${PROJECT_SOURCE_DIR}/fuzz/corpus/ibnetdiscover)
set(fuzz_iblinkinfo_seeds ${PROJECT_SOURCE_DIR}/tests/data/iblinkinfo)
set(fuzz_cablingcsv_seeds ${PROJECT_SOURCE_DIR}/tests/data/cablingcsv)
set(fuzz_netbox_seeds ${PROJECT_SOURCE_DIR}/tests/data/netbox)
set(fuzz_nccltopo_seeds ${PROJECT_SOURCE_DIR}/tests/data/nccltopo)
set(fuzz_dot_seeds ${PROJECT_SOURCE_DIR}/tests/data/dot)
set(fuzz_lldp_seeds ${PROJECT_SOURCE_DIR}/tests/data/lldp)
set(fuzz_lftdump_seeds ${PROJECT_SOURCE_DIR}/tests/data/lft)
file(GLOB fuzz_pkeydump_seeds ${PROJECT_SOURCE_DIR}/tests/data/pkeys/*.pktr ${PROJECT_SOURCE_DIR}/tests/data/pkeys/*.smpquery-pkeys)
file(GLOB fuzz_pathrecords_seeds ${PROJECT_SOURCE_DIR}/tests/data/pkeys/*.saquery-p)
file(GLOB fuzz_explorespec_seeds ${PROJECT_SOURCE_DIR}/samples/*.explore.json)
list(APPEND fuzz_explorespec_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/explorespec)
set(fuzz_floor_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/floor)
set(fuzz_catalog_seeds ${PROJECT_SOURCE_DIR}/resources/bom/catalog.json)
set(fuzz_explorecache_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/explorecache)
set(fuzz_studypart_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/studypart)
set(fuzz_squeue_seeds ${PROJECT_SOURCE_DIR}/fuzz/corpus/squeue)

set(fuzz_crash_dir ${CMAKE_CURRENT_BINARY_DIR}/fuzz-crashes)
file(MAKE_DIRECTORY ${fuzz_crash_dir})
foreach(target fabricjson graphml jobspec cliargs controlrequest ibnetdiscover iblinkinfo cablingcsv lldp dot netbox nccltopo
               lftdump pkeydump pathrecords explorespec floor catalog explorecache studypart squeue)
    add_executable(fuzzshort_${target} ${PROJECT_SOURCE_DIR}/fuzz/fuzz_${target}.cpp
                                       ${PROJECT_SOURCE_DIR}/fuzz/standalonedriver.cpp)
    target_link_libraries(fuzzshort_${target} PRIVATE Railyard::Core)
    target_compile_definitions(fuzzshort_${target} PRIVATE RAILYARD_FUZZ_TARGET="${target}")
    add_test(NAME fuzz/${target}
             COMMAND fuzzshort_${target} --seconds ${RAILYARD_FUZZ_SECONDS} --seed 1 ${fuzz_${target}_seeds}
             WORKING_DIRECTORY ${fuzz_crash_dir})
    set_tests_properties(fuzz/${target} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen"
                         TIMEOUT 300)
endforeach()
# The CLI's option parser lives in app/cli; only that file is compiled in.
target_sources(fuzzshort_cliargs PRIVATE ${PROJECT_SOURCE_DIR}/app/cli/clicommon.cpp)
