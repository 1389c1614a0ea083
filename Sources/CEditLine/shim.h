// libedit (BSD editline) from Debian's libedit-dev, through its own API
// (histedit.h). Typed wrappers over its variadic el_set and history calls,
// which Swift cannot import, and over the C standard streams, which Swift 6
// sees as shared mutable state.
#ifndef LIMOT_CEDITLINE_SHIM_H
#define LIMOT_CEDITLINE_SHIM_H
#include <histedit.h>
#include <stdio.h>

/// An editor on the standard input, output and error streams.
static inline EditLine *limot_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline int limot_el_set_editor(EditLine *editor, const char *mode) {
    return el_set(editor, EL_EDITOR, mode);
}

/// Whether libedit catches signals while it reads: it then redraws the
/// line when the terminal is resized and restores the terminal on a fatal one.
static inline int limot_el_set_signal(EditLine *editor, int catches) {
    return el_set(editor, EL_SIGNAL, catches);
}

/// Binds a key sequence ("^R") to a named editor command ("em-inc-search-prev").
static inline int limot_el_bind(EditLine *editor, const char *key, const char *command) {
    return el_set(editor, EL_BIND, key, command, NULL);
}

/// Sets or clears one terminal mode while a line is edited ("-isig": the
/// interrupt key reaches the editor as a key rather than as a signal).
static inline int limot_el_setty_edit(EditLine *editor, const char *mode) {
    return el_set(editor, EL_SETTY, "-d", mode, NULL);
}

typedef unsigned char (*limot_el_function)(EditLine *, int);

/// Adds a named editor command that a key can then be bound to.
static inline int limot_el_addfn(EditLine *editor, const char *name, const char *help, limot_el_function function) {
    return el_set(editor, EL_ADDFN, name, help, function);
}

static inline char *limot_el_prompt_from_client_data(EditLine *editor) {
    void *prompt = NULL;
    el_get(editor, EL_CLIENTDATA, &prompt);
    return (char *)prompt;
}

/// The prompt: a NUL-terminated string that must outlive the editor.
static inline int limot_el_set_prompt(EditLine *editor, const char *prompt) {
    el_set(editor, EL_CLIENTDATA, (void *)prompt);
    return el_set(editor, EL_PROMPT, limot_el_prompt_from_client_data);
}

// (The parameters are not named `history`: that is the function's name.)
static inline int limot_el_set_history(EditLine *editor, History *lines) {
    return el_set(editor, EL_HIST, history, lines);
}

static inline int limot_history_set_size(History *lines, int size) {
    HistEvent event;
    return history(lines, &event, H_SETSIZE, size);
}

/// Whether a line the same as the one before is kept again.
static inline int limot_history_set_unique(History *lines, int unique) {
    HistEvent event;
    return history(lines, &event, H_SETUNIQUE, unique);
}

static inline int limot_history_enter(History *lines, const char *line) {
    HistEvent event;
    return history(lines, &event, H_ENTER, line);
}
#endif
