# The compiler on our side (STYLE.md rule 12): every target links tessera_warnings PRIVATE.
# A switch over an enum that misses a case is an error everywhere; with TESSERA_WERROR (CI sets it)
# every warning is. Third-party headers come in as system includes and stay quiet.
option(TESSERA_WERROR "Treat every compiler warning as an error" OFF)

add_library(tessera_warnings INTERFACE)
target_compile_options(tessera_warnings INTERFACE
    -Wall -Wextra -Wshadow -Wnon-virtual-dtor -Werror=switch
    $<$<BOOL:${TESSERA_WERROR}>:-Werror>)
