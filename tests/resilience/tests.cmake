railyard_add_test(resilience resilience)
# The real Slurm: munged, slurmctld and slurmd started on localhost by the
# test, the study's script submitted with sbatch (tests/resilience/slurm_cluster.py).
add_test(NAME resilience/slurm
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/resilience/test_slurm_resilience.py
        $<TARGET_FILE:railyard-cli> ${PROJECT_SOURCE_DIR}/samples)
set_tests_properties(resilience/slurm PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77 RESOURCE_LOCK slurm)
