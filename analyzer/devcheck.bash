# bash completion for devcheck: its options, the rule ids (asked of devcheck
# itself, so they are never stale), formats, and files.
_devcheck()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
        -p|--cache|analyze) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        -j|--timeout|--memory) return ;;
        --format) COMPREPLY=($(compgen -W 'text sarif codequality' -- "$cur")); return ;;
        --model|--baseline|--write-baseline|--runtime)
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --rules|--disable)
            # a comma-separated list: complete its last item
            local done=${cur%"${cur##*,}"} rules
            rules=$("${COMP_WORDS[0]}" --list-rules 2>/dev/null | awk '{ print $1 }')
            COMPREPLY=($(compgen -P "$done" -W "$rules" -- "${cur##*,}"))
            return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W '-p -j --timeout --memory --format --model --rules --disable --baseline
                                 --write-baseline --runtime --fix --contents --cache --no-cache --stats --list-rules
                                 --torch -v --help --version' -- "$cur"))
    elif [ "$COMP_CWORD" = 1 ]; then
        COMPREPLY=($(compgen -W 'analyze capture lsp' -f -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}
complete -o filenames -F _devcheck devcheck
