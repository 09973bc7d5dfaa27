# Desktop integration files pass the freedesktop.org validators.
# Both tools come from Debian (appstream, desktop-file-utils; bootstrap.sh
# installs them); without them the tests are not registered.
set(RAILYARD_PACKAGING_DIR ${PROJECT_SOURCE_DIR}/packaging)

find_program(RAILYARD_APPSTREAMCLI appstreamcli)
if(RAILYARD_APPSTREAMCLI)
    # --no-net: no URL checks, so the test runs offline. --strict: errors and warnings
    # fail it; pedantic hints do not.
    add_test(NAME packaging/metainfo
        COMMAND ${RAILYARD_APPSTREAMCLI} validate --no-net --strict
            ${RAILYARD_PACKAGING_DIR}/io.github.railyard.Railyard.metainfo.xml)
else()
    message(STATUS "appstreamcli not found: packaging/metainfo test not registered (apt install appstream)")
endif()

find_program(RAILYARD_DESKTOP_FILE_VALIDATE desktop-file-validate)
if(RAILYARD_DESKTOP_FILE_VALIDATE)
    add_test(NAME packaging/desktop
        COMMAND ${RAILYARD_DESKTOP_FILE_VALIDATE}
            ${RAILYARD_PACKAGING_DIR}/io.github.railyard.Railyard.desktop)
else()
    message(STATUS "desktop-file-validate not found: packaging/desktop test not registered "
                   "(apt install desktop-file-utils)")
endif()

# The Debian package builds (CPack DEB with dpkg-shlibdeps) from the built tree.
add_test(NAME packaging/deb
    COMMAND ${CMAKE_CPACK_COMMAND} -G DEB -B ${CMAKE_BINARY_DIR}/package-test
    WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
