# bash completion for devtrace: its commands, each one's options, the
# report's views, formats and finding kinds (asked of devtrace itself),
# reports and programs.
_devtrace_kinds()
{
    "${COMP_WORDS[0]}" report --help 2>/dev/null |
        sed -n '/^The kinds:/,/\.$/p' | sed 's/^The kinds://' | tr -d ',.'
}

_devtrace()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    local command=${COMP_WORDS[1]} i
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W 'run report merge --version --lib --help' -- "$cur"))
        return
    fi
    # after run's --, the program and its arguments
    for ((i = 2; i < COMP_CWORD; i++)); do
        if [ "$command" = run ] && [ "${COMP_WORDS[i]}" = -- ]; then
            COMPREPLY=($(compgen -c -f -- "$cur"))
            return
        fi
    done
    case $prev in
        --format)
            COMPREPLY=($(compgen -W 'table csv json html trace sarif codequality' -- "$cur")); return ;;
        --fail-on) COMPREPLY=($(compgen -W 'error warning' -- "$cur")); return ;;
        --error-exitcode) return ;;
        --kinds)
            local done=${cur%"${cur##*,}"}
            COMPREPLY=($(compgen -P "$done" -W "$(_devtrace_kinds)" -- "${cur##*,}"))
            return ;;
        -o|--suppressions|--static) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    case $command in
        run)
            COMPREPLY=($(compgen -W '-o --timeline --error-exitcode --kinds --suppressions -- --help' \
                                 -- "$cur")) ;;
        report)
            if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W '--format -o --fail-on --kinds --suppressions --static --help' \
                                     -- "$cur"))
            else
                COMPREPLY=($(compgen -W 'summary findings transfers kernels allocations' \
                                     -- "$cur") $(compgen -f -X '!*.db' -- "$cur"))
            fi ;;
        merge) COMPREPLY=($(compgen -f -X '!*.db' -- "$cur")) ;;
    esac
}
complete -o filenames -o plusdirs -F _devtrace devtrace
