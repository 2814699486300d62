# The allocator of Tessera's programs (issue 17, docs/decisions.md "Speed, fifth step").
# Reading a conversation builds and frees a JSON tree per line: millions of small blocks, where glibc's
# malloc spends a third of the parse. mimalloc (Debian libmimalloc-dev) is linked into the programs
# (never into the libraries, which stay neutral), and replaces malloc for the whole process, Qt and
# QtWebEngine's browser side included; QtWebEngineProcess is its own program and keeps glibc's.
# Sanitizer and fuzz builds turn it off: AddressSanitizer must see every allocation.
option(TESSERA_MIMALLOC "Link Tessera's programs with mimalloc (Debian libmimalloc-dev)" ON)
if(TESSERA_MIMALLOC)
    find_package(mimalloc 2.0 REQUIRED)
endif()

# tessera_use_allocator(TARGET): TARGET (an executable) allocates through mimalloc when enabled.
# --no-as-needed keeps the library a dependency even where nothing names a mimalloc function, and it
# comes before libc in the link, so its malloc is the one every library resolves to.
function(tessera_use_allocator target)
    if(TESSERA_MIMALLOC)
        target_link_libraries(${target} PRIVATE -Wl,--push-state,--no-as-needed mimalloc -Wl,--pop-state)
        target_compile_definitions(${target} PRIVATE TESSERA_MIMALLOC=1)
    endif()
endfunction()
