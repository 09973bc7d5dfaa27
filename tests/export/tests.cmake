# Scheduler exports: hostlists and every format (tst_schedulerexport), the
# `railyard-cli export` command (tst_exportcommand), and Slurm's own parser
# reading the exported topology.conf (slurm_check.sh; skipped, exit 77, when
# slurmctld/scontrol are not installed).
railyard_add_test(export schedulerexport)
set_tests_properties(export/schedulerexport PROPERTIES TIMEOUT 300)

railyard_add_test(export exportcommand)
target_compile_definitions(tst_exportcommand PRIVATE RAILYARD_CLI="$<TARGET_FILE:railyard-cli>")
add_dependencies(tst_exportcommand railyard-cli)
set_tests_properties(export/exportcommand PROPERTIES TIMEOUT 300)

add_test(NAME export/slurm_check
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/export/slurm_check.sh $<TARGET_FILE:railyard-cli>
                 ${PROJECT_SOURCE_DIR}/samples/cluster-3k.fabric.json)
set_tests_properties(export/slurm_check PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
