/*
 * claimkb._yamlblock: the reader of claimkb.yamlblock, compiled.
 *
 * read_block(text, shared) reads the plain block subset of YAML that KB files are written in,
 * into the same LocatedDict / LocatedList values with the same lines as the pure-Python reader
 * (claimkb.yamlblock.read_block_python, the reference), interning keys and the str values of
 * the keys in the set shared as it does, and returns OUTSIDE for exactly the texts that reader
 * refuses. It follows that reader step for step: each function here is named
 * after the Python function or regular expression it does the work of, and the comments say
 * where a regular expression's matching is worked out by hand. A test holds the two readers to
 * the same values, types and lines on every fixture, the bundled corpus, a generated KB and
 * generated texts (tests/test_yaml_block_compiled.py).
 *
 * The text is read as code points (PyUnicode_READ), so any str - Chinese text included - is
 * read as Python reads it; values are slices of it (PyUnicode_Substring).
 *
 * Every reading function returns a Status: READ_OK with a new reference in *out, READ_OUTSIDE
 * when the text leaves the subset (nothing allocated is left over, no exception set), or
 * READ_ERROR with a Python exception set (a MemoryError, or an error raised by the located
 * classes). The Python reader's _Outside exception is READ_OUTSIDE here.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#ifndef Py_T_OBJECT_EX /* before Python 3.12, the member types are in structmember.h */
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#define Py_READONLY READONLY
#endif

/* Nesting the reader follows; deeper texts go to the full parser (yamlblock._DEEPEST). */
#define DEEPEST 32

/* A plain integer this long or longer is left to the full parser (the Python reader's
 * ``len(text) >= 19``); shorter ones fit in a long long. */
#define INT_LENGTH_REFUSED 19

typedef enum { READ_ERROR = -1, READ_OK = 0, READ_OUTSIDE = 1 } Status;

/* How the reader makes one of the located classes (see new_located). */
typedef struct {
    PyObject *cls;         /* claimkb.located.LocatedDict or LocatedList */
    PyTypeObject *base;    /* dict or list */
    const char *lines;     /* the name of its slot of lines: "key_lines" or "item_lines" */
    PyObject *lines_name;  /* the same, a str */
    int direct;            /* whether made by the type's tp_new, its slots set in place */
    Py_ssize_t line_at;    /* where the "line" slot is in an instance, if direct */
    Py_ssize_t lines_at;   /* where the slot of lines is, if direct */
} Located;

/* What the module holds, set once at import. */
static Located located_dict = {NULL, &PyDict_Type, "key_lines", NULL, 0, 0, 0};
static Located located_list = {NULL, &PyList_Type, "item_lines", NULL, 0, 0, 0};
static PyObject *no_arguments;   /* () */
static PyObject *outside;        /* the module's OUTSIDE sentinel */
static PyObject *str_two_quotes; /* "''" */
static PyObject *str_quote;      /* "'" */

/* The character sets of yamlblock.py, by the same names, each a bit of char_sets[c] for an
 * ASCII character c (no set holds another character): one look-up where the Python reader
 * asks a frozenset. */
enum {
    NOT_SIMPLE_FIRST = 1 << 0,
    PLAIN_FIRST_REFUSED = 1 << 1,
    PLAIN_FIRST_SPACED = 1 << 2,
    IMPLICIT_FIRST = 1 << 3,           /* located.IMPLICIT_FIRST */
    FLOW_PLAIN_FIRST_REFUSED = 1 << 4, /* what _FLOW_SCALAR's plain scalar cannot start with */
    FLOW_PLAIN_REFUSED = 1 << 5,       /* and cannot hold */
    FLOW_INDICATORS = 1 << 6,          /* what _FLOW's inside cannot hold */
};

static const struct {
    int set;
    const char *chars;
} SET_CHARS[] = {
    {NOT_SIMPLE_FIRST, ",[]{}#&*!|>'\"%@`-?:~nNtTfF+0123456789"},
    {PLAIN_FIRST_REFUSED, ",[]{}#&*!|>'\"%@`"},
    {PLAIN_FIRST_SPACED, "-?:"},
    {IMPLICIT_FIRST, "~nNtTfF+-0123456789"},
    {FLOW_PLAIN_FIRST_REFUSED, ",[]{}#\"'&*!|>%@` "},
    {FLOW_PLAIN_REFUSED, ",[]{}#"},
    {FLOW_INDICATORS, "[]{}"},
};

static unsigned char char_sets[128]; /* filled from SET_CHARS at import */

static const char *const NON_STRING_KEYS[] = {
    "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", NULL};
static const char *const NULLS[] = {"~", "null", "Null", "NULL", NULL};
static const char *const TRUES[] = {"true", "True", "TRUE", NULL};
static const char *const FALSES[] = {"false", "False", "FALSE", NULL};

/* ------------------------------------------------------------------------------------------ */
/* The text and its lines                                                                     */

/* One line as yamlblock._LINE splits it: ``^( *)(- +)?(?:([A-Za-z_][A-Za-z0-9_-]*):(?: +|$))?
 * (.*)$``. Every part of that pattern is greedy and the last one matches anything, so the
 * first way of matching is the match: no backtracking to work out. */
typedef struct {
    Py_ssize_t start;   /* its first character */
    Py_ssize_t end;     /* its '\n', or the end of the text */
    Py_ssize_t indent;  /* its leading spaces */
    Py_ssize_t dash;    /* the length of an item's "-" and the spaces after it; 0 if none */
    Py_ssize_t key;     /* where a simple key starts (after the indent and dash) */
    Py_ssize_t key_len; /* its length; 0 if the line has no simple key */
    Py_ssize_t rest;    /* where the rest starts: after the key's ":" and spaces, if any */
} Line;

/* Slots for the keys a text's records repeat (see interned_key), and for the values of its
 * shared keys (see shared_value). */
#define KEY_SLOTS 64
#define VALUE_SLOTS 64

typedef struct {
    PyObject *text;
    int kind;
    const void *data;
    Line *lines;
    Py_ssize_t count;
    Py_ssize_t pos; /* the line after what the last node read (the Python reader's self.pos) */
    PyObject *shared; /* the set of keys whose str values are interned; NULL if empty */
    PyObject *keys[KEY_SLOTS]; /* keys met in this text, interned (see interned_key) */
    char key_shared[KEY_SLOTS]; /* whether keys[slot] is in shared */
    PyObject *values[VALUE_SLOTS]; /* values of shared keys met in this text, interned */
} Reader;

static inline Py_UCS4
ch(const Reader *r, Py_ssize_t i)
{
    return PyUnicode_READ(r->kind, r->data, i);
}

static void
fill_char_sets(void)
{
    for (size_t n = 0; n < sizeof(SET_CHARS) / sizeof(SET_CHARS[0]); n++)
        for (const char *c = SET_CHARS[n].chars; *c; c++)
            char_sets[(unsigned char)*c] |= (unsigned char)SET_CHARS[n].set;
}

/* Whether c is in the set (one of the enum's bits). */
static inline int
in_set(Py_UCS4 c, int set)
{
    return c < 128 && (char_sets[c] & set) != 0;
}

static inline int
is_key_first(Py_UCS4 c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static inline int
is_key_char(Py_UCS4 c)
{
    return is_key_first(c) || (c >= '0' && c <= '9') || c == '-';
}

/* yamlblock._UNUSUAL: characters whose handling is left to the full parser (tabs, carriage
 * returns, control characters, YAML 1.1's extra line breaks, surrogates, the byte-order mark). */
static inline int
is_unusual(Py_UCS4 c)
{
    if (c < 0x20)
        return c != '\n';
    if (c < 0x7f)
        return 0;
    if (c <= 0x9f)
        return 1;
    return c == 0x2028 || c == 0x2029 || (c >= 0xd800 && c <= 0xdfff) || c == 0xfeff ||
           c == 0xfffe || c == 0xffff;
}

static Py_ssize_t
skip_spaces(const Reader *r, Py_ssize_t i, Py_ssize_t end)
{
    while (i < end && ch(r, i) == ' ')
        i++;
    return i;
}

/* The end of [start, end) without its trailing spaces. */
static Py_ssize_t
strip_end(const Reader *r, Py_ssize_t start, Py_ssize_t end)
{
    while (end > start && ch(r, end - 1) == ' ')
        end--;
    return end;
}

static void
split_line(const Reader *r, Line *line, Py_ssize_t start, Py_ssize_t end)
{
    Py_ssize_t i = skip_spaces(r, start, end);
    line->start = start;
    line->end = end;
    line->indent = i - start;
    /* (- +)? : a dash counts only with a space after it */
    Py_ssize_t dash = i;
    if (i + 1 < end && ch(r, i) == '-' && ch(r, i + 1) == ' ')
        i = skip_spaces(r, i + 1, end);
    line->dash = i - dash;
    line->key = i;
    line->key_len = 0;
    line->rest = i;
    /* a key is the whole run of key characters (a shorter run is followed by one, never by
     * ':'), then ':' and spaces or the line's end; else there is no key and it is all rest */
    if (i < end && is_key_first(ch(r, i))) {
        Py_ssize_t j = i + 1;
        while (j < end && is_key_char(ch(r, j)))
            j++;
        if (j < end && ch(r, j) == ':' && (j + 1 == end || ch(r, j + 1) == ' ')) {
            line->key_len = j - i;
            line->rest = skip_spaces(r, j + 1, end);
        }
    }
}

/* Memory reallocated to hold count items of size bytes, or NULL with MemoryError set (and
 * memory left as it was, for its owner to free). */
static void *
grown(void *memory, Py_ssize_t count, size_t size)
{
    void *larger = NULL;
    if ((size_t)count <= (size_t)PY_SSIZE_T_MAX / size)
        larger = PyMem_Realloc(memory, (size_t)count * size);
    if (larger == NULL)
        PyErr_NoMemory();
    return larger;
}

/* Splits the text into r->lines, one per '\n' and one after the last, as _LINE.findall does:
 * READ_OUTSIDE if it holds an unusual character, READ_ERROR if memory runs out. */
static Status
split_lines(Reader *r, Py_ssize_t length)
{
    Py_ssize_t capacity = 0, start = 0;
    for (;;) {
        Py_ssize_t end = start;
        for (; end < length; end++) {
            Py_UCS4 c = ch(r, end);
            if (c == '\n')
                break;
            if (is_unusual(c))
                return READ_OUTSIDE;
        }
        if (r->count == capacity) {
            capacity = capacity * 2 + 64;
            Line *lines = grown(r->lines, capacity, sizeof(Line));
            if (lines == NULL)
                return READ_ERROR;
            r->lines = lines;
        }
        split_line(r, &r->lines[r->count++], start, end);
        if (end == length)
            return READ_OK;
        start = end + 1;
    }
}

/* A line that is neither blank nor a comment. */
static int
is_content(const Reader *r, const Line *line)
{
    return line->dash || line->key_len || (line->rest < line->end && ch(r, line->rest) != '#');
}

/* A line of nothing but spaces (or nothing). */
static int
is_blank(const Line *line)
{
    return line->indent == line->end - line->start;
}

/* _Reader.skip: the first line from pos on that is not blank or a comment. */
static Py_ssize_t
skip(const Reader *r, Py_ssize_t pos)
{
    while (pos < r->count && !is_content(r, &r->lines[pos]))
        pos++;
    return pos;
}

/* ------------------------------------------------------------------------------------------ */
/* Small searches on ranges of the text                                                       */

/* The first index of c in [start, end), or -1. */
static Py_ssize_t
find_char(const Reader *r, Py_ssize_t start, Py_ssize_t end, Py_UCS4 c)
{
    for (Py_ssize_t i = start; i < end; i++)
        if (ch(r, i) == c)
            return i;
    return -1;
}

/* The first index of the two characters a, b in [start, end), or -1. */
static Py_ssize_t
find_pair(const Reader *r, Py_ssize_t start, Py_ssize_t end, Py_UCS4 a, Py_UCS4 b)
{
    for (Py_ssize_t i = start; i + 1 < end; i++)
        if (ch(r, i) == a && ch(r, i + 1) == b)
            return i;
    return -1;
}

/* Whether [start, end) is the ASCII word. */
static int
equals(const Reader *r, Py_ssize_t start, Py_ssize_t end, const char *word)
{
    Py_ssize_t i = start;
    for (; *word; word++, i++)
        if (i == end || ch(r, i) != (Py_UCS4)(unsigned char)*word)
            return 0;
    return i == end;
}

static int
equals_one_of(const Reader *r, Py_ssize_t start, Py_ssize_t end, const char *const *words)
{
    for (; *words != NULL; words++)
        if (equals(r, start, end, *words))
            return 1;
    return 0;
}

/* A key the full parser reads as null or a boolean (yamlblock._NON_STRING_KEYS); they all
 * start with a character of IMPLICIT_FIRST, which most keys do not. */
static int
is_non_string_key(const Reader *r, Py_ssize_t start, Py_ssize_t end)
{
    return in_set(ch(r, start), IMPLICIT_FIRST) && equals_one_of(r, start, end, NON_STRING_KEYS);
}

/* ------------------------------------------------------------------------------------------ */
/* Making values                                                                              */

static Status
slice(const Reader *r, Py_ssize_t start, Py_ssize_t end, PyObject **out)
{
    *out = PyUnicode_Substring(r->text, start, end);
    return *out == NULL ? READ_ERROR : READ_OK;
}

/* Whether the str ``kept`` holds the characters [start, end) of the text. */
static inline int
holds(const Reader *r, PyObject *kept, Py_ssize_t start, Py_ssize_t end)
{
    if (PyUnicode_GET_LENGTH(kept) != end - start)
        return 0;
    int kind = PyUnicode_KIND(kept);
    const void *data = PyUnicode_DATA(kept);
    for (Py_ssize_t i = start; i < end; i++)
        if (PyUnicode_READ(kind, data, i - start) != ch(r, i))
            return 0;
    return 1;
}

/* A key, interned as sys.intern does in the Python reader, and in *shared whether it is one
 * of r->shared (whose str values are interned too). Every record of a file repeats the same
 * few keys, so each key made is kept in a slot chosen by its length and ends, with whether it
 * is shared, and a key found there is taken again: the same interned str, without making a
 * string, looking it up among the interned ones or in the shared set for every line. */
static PyObject *
interned_key(Reader *r, Py_ssize_t start, Py_ssize_t end, int *shared)
{
    size_t slot = ((size_t)(end - start) * 31 + ch(r, start) + ch(r, end - 1) * 7) % KEY_SLOTS;
    PyObject *kept = r->keys[slot];
    if (kept != NULL && holds(r, kept, start, end)) {
        *shared = r->key_shared[slot];
        return Py_NewRef(kept);
    }
    PyObject *key = PyUnicode_Substring(r->text, start, end);
    if (key == NULL)
        return NULL;
    PyUnicode_InternInPlace(&key);
    *shared = r->shared == NULL ? 0 : PySet_Contains(r->shared, key);
    if (*shared < 0) {
        Py_DECREF(key);
        return NULL;
    }
    Py_XSETREF(r->keys[slot], Py_NewRef(key));
    r->key_shared[slot] = (char)*shared;
    return key;
}

/* The object slot at ``offset`` bytes into an instance. */
static inline PyObject **
slot_at(PyObject *instance, Py_ssize_t offset)
{
    return (PyObject **)((char *)instance + offset);
}

/* A new LocatedDict or LocatedList of the given line, as ``cls(line)`` makes it in the Python
 * reader, and in *lines a new reference to its key_lines or item_lines. Calling the class
 * runs its __init__ in Python; where the class is as check_located found it at import, the
 * same instance is made without running Python code: an empty dict or list of the class by
 * the type's tp_new (dict's or list's), its two slots set to what __init__ sets them to. */
static PyObject *
new_located(const Located *kind, Py_ssize_t line, PyObject **lines)
{
    PyObject *number = PyLong_FromSsize_t(line);
    if (number == NULL)
        return NULL;
    PyObject *made;
    if (!kind->direct) {
        made = PyObject_CallOneArg(kind->cls, number);
        Py_DECREF(number);
        *lines = made == NULL ? NULL : PyObject_GetAttr(made, kind->lines_name);
        if (*lines == NULL)
            Py_CLEAR(made);
        return made;
    }
    PyTypeObject *type = (PyTypeObject *)kind->cls;
    made = type->tp_new(type, no_arguments, NULL);
    *lines = made == NULL ? NULL : kind->base == &PyDict_Type ? PyDict_New() : PyList_New(0);
    if (*lines == NULL) {
        Py_DECREF(number);
        Py_XDECREF(made);
        return NULL;
    }
    Py_XSETREF(*slot_at(made, kind->line_at), number);
    Py_XSETREF(*slot_at(made, kind->lines_at), Py_NewRef(*lines));
    return made;
}

/* key_lines[key] = line; result[key] = value (value's reference is taken over), the value
 * interned if it is a str and the key is shared. */
static Status
put_entry(PyObject *result, PyObject *key_lines, PyObject *key, int shared, Py_ssize_t line,
          PyObject *value)
{
    if (shared && PyUnicode_CheckExact(value))
        PyUnicode_InternInPlace(&value);
    PyObject *number = PyLong_FromSsize_t(line);
    int failed = number == NULL || PyDict_SetItem(key_lines, key, number) < 0 ||
                 PyDict_SetItem(result, key, value) < 0;
    Py_XDECREF(number);
    Py_DECREF(value);
    return failed ? READ_ERROR : READ_OK;
}

/* item_lines.append(line); result.append(value) (value's reference is taken over). */
static Status
put_item(PyObject *result, PyObject *item_lines, Py_ssize_t line, PyObject *value)
{
    PyObject *number = PyLong_FromSsize_t(line);
    int failed = number == NULL || PyList_Append(item_lines, number) < 0 ||
                 PyList_Append(result, value) < 0;
    Py_XDECREF(number);
    Py_DECREF(value);
    return failed ? READ_ERROR : READ_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* One-line scalars                                                                           */

/* _comment_only: what follows a quoted scalar on its line is nothing, or spaces and a
 * comment. */
static int
comment_only(const Reader *r, Py_ssize_t start, Py_ssize_t end)
{
    if (start == end)
        return 1;
    if (ch(r, start) != ' ')
        return 0;
    Py_ssize_t i = skip_spaces(r, start, end);
    return i < end && ch(r, i) == '#';
}

/* _SINGLE, ``'((?:[^']|'')*)'``, from the quote at open: the index of its closing quote, the
 * first quote not doubled; -1 if there is none. (The pattern can also match by taking a
 * doubled quote's first half as the closing one, but then a quote follows the match, which
 * both its users refuse: so that match is as good as none.) */
static Py_ssize_t
single_quote_end(const Reader *r, Py_ssize_t open, Py_ssize_t end)
{
    Py_ssize_t i = open + 1;
    while (i < end) {
        if (ch(r, i) != '\'')
            i++;
        else if (i + 1 < end && ch(r, i + 1) == '\'')
            i += 2;
        else
            return i;
    }
    return -1;
}

/* The value of a single-quoted scalar's inside [start, end): ``''`` read as ``'``. */
static Status
single_quoted(const Reader *r, Py_ssize_t start, Py_ssize_t end, PyObject **out)
{
    if (slice(r, start, end, out) != READ_OK)
        return READ_ERROR;
    if (find_char(r, start, end, '\'') < 0)
        return READ_OK;
    PyObject *unquoted = PyUnicode_Replace(*out, str_two_quotes, str_quote, -1);
    Py_SETREF(*out, unquoted);
    return unquoted == NULL ? READ_ERROR : READ_OK;
}

/* The decimal integers of located.IMPLICIT: ``[-+]?(?:0|[1-9][0-9]*)``, all of it. */
static int
is_decimal(const Reader *r, Py_ssize_t start, Py_ssize_t end)
{
    Py_ssize_t i = start;
    if (i < end && (ch(r, i) == '-' || ch(r, i) == '+'))
        i++;
    if (i == end)
        return 0;
    if (ch(r, i) == '0')
        return i + 1 == end;
    for (; i < end; i++)
        if (ch(r, i) < '0' || ch(r, i) > '9')
            return 0;
    return 1;
}

static long long
decimal_value(const Reader *r, Py_ssize_t start, Py_ssize_t end)
{
    int negative = ch(r, start) == '-';
    if (ch(r, start) == '-' || ch(r, start) == '+')
        start++;
    long long value = 0;
    for (; start < end; start++)
        value = value * 10 + (long long)(ch(r, start) - '0');
    return negative ? -value : value;
}

/* _plain: a plain scalar's value (non-empty): null, a boolean, a short decimal integer, or
 * the text itself. */
static Status
read_plain(const Reader *r, Py_ssize_t start, Py_ssize_t end, PyObject **out)
{
    if (in_set(ch(r, start), IMPLICIT_FIRST)) {
        if (equals_one_of(r, start, end, NULLS)) {
            *out = Py_NewRef(Py_None);
            return READ_OK;
        }
        if (equals_one_of(r, start, end, TRUES)) {
            *out = Py_NewRef(Py_True);
            return READ_OK;
        }
        if (equals_one_of(r, start, end, FALSES)) {
            *out = Py_NewRef(Py_False);
            return READ_OK;
        }
        if (is_decimal(r, start, end)) {
            if (end - start >= INT_LENGTH_REFUSED)
                return READ_OUTSIDE;
            *out = PyLong_FromLongLong(decimal_value(r, start, end));
            return *out == NULL ? READ_ERROR : READ_OK;
        }
    }
    return slice(r, start, end, out);
}

static Status read_flow(Reader *r, Py_ssize_t start, Py_ssize_t end, Py_ssize_t line,
                        PyObject **out);

/* _scalar: a one-line value on line ``line``; [start, end) is not empty, has no leading or
 * trailing spaces and is not a comment. */
static Status
read_scalar(Reader *r, Py_ssize_t start, Py_ssize_t end, Py_ssize_t line, PyObject **out)
{
    Py_UCS4 first = ch(r, start);
    if (first == '{' || first == '[')
        return read_flow(r, start, end, line, out);
    if (first == '"') {
        Py_ssize_t close = find_char(r, start + 1, end, '"');
        /* an escape anywhere on the line, even in a comment, is left to the full parser */
        if (close < 0 || find_char(r, start, end, '\\') >= 0 || !comment_only(r, close + 1, end))
            return READ_OUTSIDE;
        return slice(r, start + 1, close, out);
    }
    if (first == '\'') {
        Py_ssize_t close = single_quote_end(r, start, end);
        if (close < 0 || !comment_only(r, close + 1, end))
            return READ_OUTSIDE;
        return single_quoted(r, start + 1, close, out);
    }
    if (in_set(first, PLAIN_FIRST_REFUSED) ||
        (in_set(first, PLAIN_FIRST_SPACED) && (end - start == 1 || ch(r, start + 1) == ' ')))
        return READ_OUTSIDE;
    Py_ssize_t cut = find_pair(r, start, end, ' ', '#');
    if (cut >= 0)
        end = strip_end(r, start, cut); /* cut > start: the first character is not a space */
    if (find_pair(r, start, end, ':', ' ') >= 0 || ch(r, end - 1) == ':')
        return READ_OUTSIDE;
    return read_plain(r, start, end, out);
}

/* The end of a container's reading: its lines dropped, and the container handed over in *out
 * when it was read whole, else dropped and the status passed on (a status other than READ_OK
 * ends the whole reading, so nobody looks at the reader's position then). */
static Status
finish_container(PyObject *result, PyObject *lines, Status status, PyObject **out)
{
    Py_DECREF(lines);
    if (status != READ_OK) {
        Py_DECREF(result);
        return status;
    }
    *out = result;
    return READ_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Flow collections on one line                                                               */

/* _flow_plain: a plain scalar inside a flow collection. */
static Status
read_flow_plain(const Reader *r, Py_ssize_t start, Py_ssize_t end, PyObject **out)
{
    if (in_set(ch(r, start), PLAIN_FIRST_SPACED) || find_pair(r, start, end, ':', ' ') >= 0 ||
        ch(r, end - 1) == ':')
        return READ_OUTSIDE;
    return read_plain(r, start, end, out);
}

/* _FLOW_SCALAR from *at (past its leading spaces) to the flow's inside's end ``stop``: the
 * value, and *at moved past it, the spaces after it and its comma.
 *
 * The pattern's three alternatives start with different characters, so at most one applies.
 * A quoted one ends at its closing quote (a doubled quote's first half would leave a quote
 * after it, which no comma or end follows). The plain one is lazy: it ends at the first place
 * from which only spaces lead to a comma or the end, which is the end of the run of characters
 * it may hold, less trailing spaces; if that run stops at anything but a comma or the end, no
 * shorter one would do either. */
static Status
read_flow_scalar(const Reader *r, Py_ssize_t *at, Py_ssize_t stop, PyObject **out)
{
    Py_ssize_t start = *at, value_start, value_end, after;
    if (start == stop)
        return READ_OUTSIDE;
    Py_UCS4 first = ch(r, start);
    if (first == '"') {
        /* ``"([^"\\]*)"``: the first quote or backslash must be the closing quote */
        Py_ssize_t close = start + 1;
        while (close < stop && ch(r, close) != '"' && ch(r, close) != '\\')
            close++;
        if (close == stop || ch(r, close) != '"')
            return READ_OUTSIDE;
        value_start = start + 1;
        value_end = close;
        after = close + 1;
    }
    else if (first == '\'') {
        Py_ssize_t close = single_quote_end(r, start, stop);
        if (close < 0)
            return READ_OUTSIDE;
        value_start = start + 1;
        value_end = close;
        after = close + 1;
    }
    else if (in_set(first, FLOW_PLAIN_FIRST_REFUSED))
        return READ_OUTSIDE;
    else {
        Py_ssize_t run = start + 1;
        while (run < stop && !in_set(ch(r, run), FLOW_PLAIN_REFUSED))
            run++;
        value_start = start;
        value_end = strip_end(r, start, run);
        after = run;
    }
    /* `` *(?:,|$)`` */
    after = skip_spaces(r, after, stop);
    if (after < stop) {
        if (ch(r, after) != ',')
            return READ_OUTSIDE;
        after++;
    }
    *at = after;
    if (first == '"')
        return slice(r, value_start, value_end, out);
    if (first == '\'')
        return single_quoted(r, value_start, value_end, out);
    return read_flow_plain(r, value_start, value_end, out);
}

/* One ``key: value`` of a flow mapping (_FLOW_PAIR), from *at. */
static Status
read_flow_pair(Reader *r, Py_ssize_t *at, Py_ssize_t stop, Py_ssize_t line,
               PyObject *result, PyObject *key_lines)
{
    Py_ssize_t key_start = skip_spaces(r, *at, stop);
    if (key_start == stop || !is_key_first(ch(r, key_start)))
        return READ_OUTSIDE;
    Py_ssize_t key_end = key_start + 1;
    while (key_end < stop && is_key_char(ch(r, key_end)))
        key_end++;
    /* ``: +``, the spaces all taken (a scalar never starts with one) */
    if (key_end + 1 >= stop || ch(r, key_end) != ':' || ch(r, key_end + 1) != ' ')
        return READ_OUTSIDE;
    Py_ssize_t value_at = skip_spaces(r, key_end + 1, stop);
    PyObject *value;
    Status status = read_flow_scalar(r, &value_at, stop, &value);
    if (status != READ_OK)
        return status;
    if (is_non_string_key(r, key_start, key_end)) {
        Py_DECREF(value);
        return READ_OUTSIDE;
    }
    int shared;
    PyObject *key = interned_key(r, key_start, key_end, &shared);
    int seen = key == NULL ? -1 : PyDict_Contains(result, key);
    if (seen != 0) {
        Py_XDECREF(key);
        Py_DECREF(value);
        return seen < 0 ? READ_ERROR : READ_OUTSIDE; /* a duplicate key */
    }
    status = put_entry(result, key_lines, key, shared, line, value);
    Py_DECREF(key);
    *at = value_at;
    return status;
}

/* One item of a flow sequence (_FLOW_ITEM), from *at. */
static Status
read_flow_item(const Reader *r, Py_ssize_t *at, Py_ssize_t stop, Py_ssize_t line,
               PyObject *result, PyObject *item_lines)
{
    *at = skip_spaces(r, *at, stop);
    PyObject *value;
    Status status = read_flow_scalar(r, at, stop, &value);
    if (status != READ_OK)
        return status;
    return put_item(result, item_lines, line, value);
}

/* _flow: ``{key: value, ...}`` or ``[item, ...]`` on one line, every item a one-line scalar,
 * every key and item on line ``line``. */
static Status
read_flow(Reader *r, Py_ssize_t start, Py_ssize_t end, Py_ssize_t line, PyObject **out)
{
    int mapping = ch(r, start) == '{';
    /* _FLOW: the first flow indicator after the opening one must close it (no nesting) */
    Py_ssize_t close = start + 1;
    while (close < end && !in_set(ch(r, close), FLOW_INDICATORS))
        close++;
    if (close == end || ch(r, close) != (mapping ? '}' : ']') || !comment_only(r, close + 1, end))
        return READ_OUTSIDE;
    Py_ssize_t at = skip_spaces(r, start + 1, close);
    Py_ssize_t stop = strip_end(r, at, close);
    if (stop > at && ch(r, stop - 1) == ',')
        return READ_OUTSIDE; /* a trailing comma: left to the full parser */
    PyObject *lines;
    PyObject *result = new_located(mapping ? &located_dict : &located_list, line, &lines);
    if (result == NULL)
        return READ_ERROR;
    Status status = READ_OK;
    while (status == READ_OK && at < stop) {
        if (mapping)
            status = read_flow_pair(r, &at, stop, line, result, lines);
        else
            status = read_flow_item(r, &at, stop, line, result, lines);
    }
    return finish_container(result, lines, status, out);
}

/* ------------------------------------------------------------------------------------------ */
/* Block scalars                                                                              */

/* A growing run of code points, made a str at the end. */
typedef struct {
    Py_UCS4 *chars;
    Py_ssize_t size;
    Py_ssize_t capacity;
} Buffer;

static int
buffer_reserve(Buffer *buffer, Py_ssize_t more)
{
    if (buffer->size + more <= buffer->capacity)
        return 0;
    Py_ssize_t capacity = buffer->capacity * 2 + more + 64;
    Py_UCS4 *chars = grown(buffer->chars, capacity, sizeof(Py_UCS4));
    if (chars == NULL)
        return -1;
    buffer->chars = chars;
    buffer->capacity = capacity;
    return 0;
}

static int
buffer_repeat(Buffer *buffer, Py_UCS4 c, Py_ssize_t times)
{
    if (times <= 0)
        return 0;
    if (buffer_reserve(buffer, times) < 0)
        return -1;
    for (Py_ssize_t k = 0; k < times; k++)
        buffer->chars[buffer->size++] = c;
    return 0;
}

static int
buffer_copy(Buffer *buffer, const Reader *r, Py_ssize_t start, Py_ssize_t end)
{
    if (buffer_reserve(buffer, end - start) < 0)
        return -1;
    for (Py_ssize_t i = start; i < end; i++)
        buffer->chars[buffer->size++] = ch(r, i);
    return 0;
}

/* _BLOCK_HEADER, ``[|>]([-+]?)(?: +#.*| *)$``, on [start, end): whether it matches, and its
 * chomping indicator ('-', '+', or 0 for none). */
static int
block_header(const Reader *r, Py_ssize_t start, Py_ssize_t end, Py_UCS4 *chomping)
{
    Py_ssize_t i = start + 1;
    *chomping = 0;
    if (i < end && (ch(r, i) == '-' || ch(r, i) == '+'))
        *chomping = ch(r, i++);
    Py_ssize_t after = skip_spaces(r, i, end);
    if (after == end)
        return 1;                             /* nothing more, or spaces */
    return after > i && ch(r, after) == '#'; /* spaces, then a comment */
}

/* _Reader.block_scalar: a ``|`` (literal) or ``>`` (folded) scalar with the header
 * [header, header_end), under a key or "-" at column ``parent``, its content from line pos;
 * r->pos is left after its last line. */
static Status
read_block_scalar(Reader *r, Py_ssize_t pos, Py_ssize_t header, Py_ssize_t header_end,
                  Py_ssize_t parent, PyObject **out)
{
    Py_UCS4 chomping;
    if (!block_header(r, header, header_end, &chomping))
        return READ_OUTSIDE;
    int folded = ch(r, header) == '>';
    if (pos >= r->count || is_blank(&r->lines[pos]))
        return READ_OUTSIDE; /* no content, or blank lines first */
    Py_ssize_t indent = r->lines[pos].indent;
    if (indent <= parent)
        return READ_OUTSIDE; /* an empty block scalar */
    Buffer buffer = {NULL, 0, 0};
    Py_ssize_t breaks = 0, end = pos, last = pos;
    int previous_plain = 0, any = 0;
    Status status = READ_OK;
    for (; end < r->count; end++) {
        const Line *line = &r->lines[end];
        if (is_blank(line)) {
            if (line->end - line->start >= indent) {
                status = READ_OUTSIDE; /* a line of spaces that may be content */
                break;
            }
            breaks++;
            continue;
        }
        if (line->indent < indent)
            break;
        /* a more-indented line keeps its breaks in ways left to the full parser if folded */
        int plain = line->indent == indent;
        if (folded && !plain) {
            status = READ_OUTSIDE;
            break;
        }
        int failed = 0;
        if (any) {
            if (folded && previous_plain && !breaks)
                failed = buffer_repeat(&buffer, ' ', 1);
            else if (folded && previous_plain)
                failed = buffer_repeat(&buffer, '\n', breaks);
            else
                failed = buffer_repeat(&buffer, '\n', breaks + 1);
        }
        if (failed || buffer_copy(&buffer, r, line->start + indent, line->end) < 0) {
            status = READ_ERROR;
            break;
        }
        any = 1;
        previous_plain = plain;
        breaks = 0;
        last = end + 1;
    }
    /* clip and keep end with the break after the last line, if the text has one; keep keeps
     * the blank lines after it too, but for the text's own last (empty) line */
    if (status == READ_OK && chomping != '-' && last < r->count) {
        Py_ssize_t kept = chomping == '+' ? Py_MIN(breaks, r->count - last - 1) : 0;
        if (buffer_repeat(&buffer, '\n', 1 + kept) < 0)
            status = READ_ERROR;
    }
    if (status == READ_OK) {
        *out = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, buffer.chars, buffer.size);
        if (*out == NULL)
            status = READ_ERROR;
    }
    PyMem_Free(buffer.chars);
    r->pos = last;
    return status;
}

/* ------------------------------------------------------------------------------------------ */
/* Block mappings and sequences                                                               */

static Status read_node(Reader *r, Py_ssize_t pos, int depth, PyObject **out);

/* The str [start, end) (not empty) of the text, interned: the value of a shared key. Such
 * values recur (a status, a property), so each one made is kept in a slot chosen by its length
 * and three of its characters, and one found there is taken again: the same interned str,
 * without making a string and looking it up among the interned ones. */
static Status
shared_value(Reader *r, Py_ssize_t start, Py_ssize_t end, PyObject **out)
{
    Py_ssize_t length = end - start;
    size_t slot = ((size_t)length * 31 + ch(r, start) + ch(r, start + length / 2) * 3 +
                   ch(r, end - 1) * 7) %
                  VALUE_SLOTS;
    PyObject *kept = r->values[slot];
    if (kept != NULL && holds(r, kept, start, end)) {
        *out = Py_NewRef(kept);
        return READ_OK;
    }
    if (slice(r, start, end, out) != READ_OK)
        return READ_ERROR;
    PyUnicode_InternInPlace(out);
    Py_XSETREF(r->values[slot], Py_NewRef(*out));
    return READ_OK;
}

/* The str [start, end) of the text: interned if ``shared`` (see shared_value). */
static Status
text_value(Reader *r, Py_ssize_t start, Py_ssize_t end, int shared, PyObject **out)
{
    if (shared && start < end)
        return shared_value(r, start, end, out);
    return slice(r, start, end, out);
}

/* The value written after a key on its own line, [rest, end) of line ``line`` (the rest is
 * not a comment), a str interned if ``shared`` (see put_entry); *next is the line after the
 * key's, moved past a block scalar's lines. */
static Status
read_inline_value(Reader *r, const Line *line, Py_ssize_t *next, Py_ssize_t indent, int shared,
                  PyObject **out)
{
    Py_ssize_t start = line->rest, end = line->end;
    Py_UCS4 first = ch(r, start), last = ch(r, end - 1);
    /* most values: plain text that is nothing but text */
    if (!in_set(first, NOT_SIMPLE_FIRST) && last != ':' && last != ' ' &&
        find_pair(r, start, end, ' ', '#') < 0 && find_pair(r, start, end, ':', ' ') < 0)
        return text_value(r, start, end, shared, out);
    /* "text" alone on the line, its only other quote the last character */
    if (first == '"' && last == '"' && find_char(r, start + 1, end, '"') == end - 1) {
        if (find_char(r, start, end, '\\') >= 0)
            return READ_OUTSIDE;
        return text_value(r, start + 1, end - 1, shared, out);
    }
    if (first == '|' || first == '>') {
        Status status = read_block_scalar(r, *next, start, end, indent, out);
        *next = r->pos;
        return status;
    }
    return read_scalar(r, start, strip_end(r, start, end), *next, out);
}

/* The value of a key with nothing after it on its line: the node on the next lines if it is
 * indented deeper (or is a sequence at the key's column), else None. */
static Status
read_nested_value(Reader *r, Py_ssize_t *next, Py_ssize_t indent, int depth, PyObject **out)
{
    Py_ssize_t after = skip(r, *next);
    if (after < r->count) {
        const Line *line = &r->lines[after];
        if (line->indent > indent || (line->indent == indent && line->dash)) {
            Status status = read_node(r, after, depth + 1, out);
            *next = r->pos;
            return status;
        }
    }
    *out = Py_NewRef(Py_None);
    return READ_OK;
}

/* One ``key: value`` of a block mapping, the key on line *pos; *pos is moved past it. */
static Status
read_entry(Reader *r, Py_ssize_t *pos, Py_ssize_t indent, int depth, PyObject *result,
           PyObject *key_lines)
{
    const Line *line = &r->lines[*pos];
    Py_ssize_t key_end = line->key + line->key_len;
    if (line->key_len == 0 || is_non_string_key(r, line->key, key_end))
        return READ_OUTSIDE; /* a scalar where a key should be, or a key that is not a str */
    int shared;
    PyObject *key = interned_key(r, line->key, key_end, &shared);
    int seen = key == NULL ? -1 : PyDict_Contains(result, key);
    if (seen != 0) {
        Py_XDECREF(key);
        return seen < 0 ? READ_ERROR : READ_OUTSIDE; /* a duplicate key */
    }
    Py_ssize_t next = *pos + 1; /* the key's line number, and the line after it */
    PyObject *value;
    Status status;
    if (line->rest < line->end && ch(r, line->rest) != '#')
        status = read_inline_value(r, line, &next, indent, shared, &value);
    else
        status = read_nested_value(r, &next, indent, depth, &value);
    if (status == READ_OK)
        status = put_entry(result, key_lines, key, shared, *pos + 1, value);
    Py_DECREF(key);
    *pos = next;
    return status;
}

/* _Reader.mapping: the block mapping whose first key is on line pos at column indent;
 * in_item when that key follows a sequence item's "-" on the same line. */
static Status
read_mapping(Reader *r, Py_ssize_t pos, Py_ssize_t indent, int depth, int in_item,
             PyObject **out)
{
    if (depth > DEEPEST)
        return READ_OUTSIDE;
    PyObject *key_lines;
    PyObject *result = new_located(&located_dict, pos + 1, &key_lines);
    if (result == NULL)
        return READ_ERROR;
    Status status = READ_OK;
    while (status == READ_OK && pos < r->count) {
        const Line *line = &r->lines[pos];
        if (in_item)
            in_item = 0; /* the sequence has checked this line */
        else {
            if (!is_content(r, line)) {
                pos++;
                continue;
            }
            if (line->indent < indent)
                break; /* the mapping has ended */
            if (line->indent > indent || line->dash) {
                /* deeper than the keys (a continued scalar, or a mistake), or an item */
                status = READ_OUTSIDE;
                break;
            }
        }
        status = read_entry(r, &pos, indent, depth, result, key_lines);
    }
    r->pos = pos;
    return finish_container(result, key_lines, status, out);
}

/* One ``- item`` of a block sequence at column indent, on line *pos; *pos is moved past it. */
static Status
read_item(Reader *r, Py_ssize_t *pos, Py_ssize_t indent, int depth, PyObject *result,
          PyObject *item_lines)
{
    const Line *line = &r->lines[*pos];
    Py_ssize_t number = *pos + 1;
    PyObject *value;
    Status status;
    if (line->key_len) {
        status = read_mapping(r, *pos, indent + line->dash, depth + 1, 1, &value);
        *pos = r->pos;
    }
    else {
        Py_ssize_t start = line->rest, end = strip_end(r, line->rest, line->end);
        if (start == end || ch(r, start) == '#')
            return READ_OUTSIDE; /* an empty item */
        *pos = number;
        if (ch(r, start) == '|' || ch(r, start) == '>') {
            status = read_block_scalar(r, *pos, start, end, indent, &value);
            *pos = r->pos;
        }
        else
            status = read_scalar(r, start, end, number, &value);
    }
    if (status != READ_OK)
        return status;
    return put_item(result, item_lines, number, value);
}

/* _Reader.sequence: the block sequence whose first "-" is on line pos at column indent. */
static Status
read_sequence(Reader *r, Py_ssize_t pos, Py_ssize_t indent, int depth, PyObject **out)
{
    if (depth > DEEPEST)
        return READ_OUTSIDE;
    PyObject *item_lines;
    PyObject *result = new_located(&located_list, pos + 1, &item_lines);
    if (result == NULL)
        return READ_ERROR;
    Status status = READ_OK;
    while (status == READ_OK && pos < r->count) {
        const Line *line = &r->lines[pos];
        if (!is_content(r, line)) {
            pos++;
            continue;
        }
        if (line->indent < indent)
            break;
        if (line->indent > indent) {
            status = READ_OUTSIDE;
            break;
        }
        if (!line->dash) {
            /* a rest starting with "-" is an empty item ("-" alone, or "-x"); any other line
             * is the caller's: a key after a compact sequence, or a mistake */
            if (line->rest < line->end && ch(r, line->rest) == '-')
                status = READ_OUTSIDE;
            break;
        }
        status = read_item(r, &pos, indent, depth, result, item_lines);
    }
    r->pos = pos;
    return finish_container(result, item_lines, status, out);
}

/* _Reader.node: the mapping or sequence whose first line is pos. */
static Status
read_node(Reader *r, Py_ssize_t pos, int depth, PyObject **out)
{
    const Line *line = &r->lines[pos];
    if (line->dash)
        return read_sequence(r, pos, line->indent, depth, out);
    return read_mapping(r, pos, line->indent, depth, 0, out);
}

/* read_block's work, once the text is known to be a str. */
static Status
read_text(Reader *r, PyObject **out)
{
    Status status = split_lines(r, PyUnicode_GET_LENGTH(r->text));
    if (status != READ_OK)
        return status;
    Py_ssize_t pos = skip(r, 0);
    if (pos == r->count || r->lines[pos].indent)
        return READ_OUTSIDE; /* empty, or the first line indented */
    status = read_node(r, pos, 0, out);
    if (status != READ_OK)
        return status;
    if (skip(r, r->pos) != r->count) {
        Py_CLEAR(*out); /* lines after the top node that belong to none */
        return READ_OUTSIDE;
    }
    return READ_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* The module                                                                                 */

/* The signature is shown, not given as __text_signature__: inspect cannot read a frozenset
 * default. */
PyDoc_STRVAR(read_block_doc,
             "read_block(text, shared=frozenset(), /)\n\n"
             "The value of ``text`` if it is in the plain block subset of YAML, else "
             ":data:`OUTSIDE`; every str value directly under a key in ``shared`` (a set) is "
             "interned.\n\n"
             "The compiled twin of :func:`claimkb.yamlblock.read_block_python`: the same "
             "values, types, lines and refusals.");

static PyObject *
yamlblock_read_block(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs < 1 || nargs > 2) {
        PyErr_Format(PyExc_TypeError, "read_block() takes 1 or 2 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *text = args[0], *shared = nargs == 2 ? args[1] : NULL;
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "read_block() argument 1 must be str, not %.100s",
                     Py_TYPE(text)->tp_name);
        return NULL;
    }
    if (shared != NULL && !PyAnySet_Check(shared)) {
        PyErr_Format(PyExc_TypeError,
                     "read_block() argument 2 must be a frozenset or a set, not %.100s",
                     Py_TYPE(shared)->tp_name);
        return NULL;
    }
    if (shared != NULL && PySet_GET_SIZE(shared) == 0)
        shared = NULL; /* nothing to test a key against */
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(text) < 0)
        return NULL;
#endif
    Reader r = {text, PyUnicode_KIND(text), PyUnicode_DATA(text), NULL, 0, 0, shared, {NULL}, {0},
                {NULL}};
    PyObject *value = NULL;
    Status status = read_text(&r, &value);
    PyMem_Free(r.lines);
    for (int slot = 0; slot < KEY_SLOTS; slot++)
        Py_XDECREF(r.keys[slot]);
    for (int slot = 0; slot < VALUE_SLOTS; slot++)
        Py_XDECREF(r.values[slot]);
    if (status == READ_ERROR)
        return NULL;
    if (status == READ_OUTSIDE)
        return Py_NewRef(outside);
    return value;
}

static PyMethodDef methods[] = {
    {"read_block", (PyCFunction)(void (*)(void))yamlblock_read_block, METH_FASTCALL,
     read_block_doc},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(module_doc,
             "The block YAML reader of :mod:`claimkb.yamlblock`, compiled: ``read_block(text)`` "
             "returns the located value or :data:`OUTSIDE`, exactly as "
             ":func:`claimkb.yamlblock.read_block_python` does.");

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "claimkb._yamlblock", module_doc, -1, methods,
    NULL,                  NULL,                 NULL,       NULL,
};

/* The offset of the class's own slot ``name`` (a member descriptor of an object that may be
 * set and deleted, in the instance beyond the base's fields), or 0 if it has no such slot. */
static Py_ssize_t
slot_offset(PyTypeObject *type, const Located *kind, const char *name)
{
    PyObject *descriptor = PyDict_GetItemString(type->tp_dict, name); /* borrowed */
    if (descriptor == NULL || !Py_IS_TYPE(descriptor, &PyMemberDescr_Type))
        return 0;
    PyMemberDescrObject *member = (PyMemberDescrObject *)descriptor;
    Py_ssize_t offset = member->d_member->offset;
    if (member->d_common.d_type != type || member->d_member->type != Py_T_OBJECT_EX ||
        (member->d_member->flags & Py_READONLY) || offset < kind->base->tp_basicsize ||
        offset > type->tp_basicsize - (Py_ssize_t)sizeof(PyObject *))
        return 0;
    return offset;
}

/* Whether a dict or a list (of a subclass too) is empty. */
static int
is_empty(PyObject *container)
{
    return PyDict_Check(container) ? PyDict_GET_SIZE(container) == 0
                                   : PyList_GET_SIZE(container) == 0;
}

/* Whether instances of the class may be made directly (see new_located): 1 if the class is
 * what located.py defines today - a subclass of dict or list made by type (no metaclass),
 * without a __new__ of its own, whose instances hold nothing but the base's fields and the
 * two slots of __slots__ = ("line", "key_lines" / "item_lines") (no __dict__, no
 * __weakref__), and whose __init__ given a line leaves it empty with that line and an empty
 * dict or list of lines - 0 if it is anything else (the reader then calls the class), -1 with
 * an exception set if that cannot be found out. */
static int
check_located(Located *kind)
{
    PyTypeObject *type = (PyTypeObject *)kind->cls;
    PyTypeObject *base = kind->base;
    if (!Py_IS_TYPE(kind->cls, &PyType_Type) || type->tp_base != base ||
        type->tp_new != base->tp_new || type->tp_dictoffset != 0 ||
        type->tp_weaklistoffset != base->tp_weaklistoffset ||
        type->tp_basicsize != base->tp_basicsize + 2 * (Py_ssize_t)sizeof(PyObject *) ||
        type->tp_dict == NULL)
        return 0;
#ifdef Py_TPFLAGS_MANAGED_DICT
    if (type->tp_flags & Py_TPFLAGS_MANAGED_DICT)
        return 0;
#endif
#ifdef Py_TPFLAGS_MANAGED_WEAKREF
    if (type->tp_flags & Py_TPFLAGS_MANAGED_WEAKREF)
        return 0;
#endif
    PyObject *slots = PyDict_GetItemString(type->tp_dict, "__slots__"); /* borrowed */
    PyObject *expected = Py_BuildValue("(ss)", "line", kind->lines);
    if (expected == NULL)
        return -1;
    int same = slots == NULL ? 0 : PyObject_RichCompareBool(slots, expected, Py_EQ);
    Py_DECREF(expected);
    if (same <= 0)
        return same;
    kind->line_at = slot_offset(type, kind, "line");
    kind->lines_at = slot_offset(type, kind, kind->lines);
    if (kind->line_at == 0 || kind->lines_at == 0 || kind->line_at == kind->lines_at)
        return 0;
    /* what __init__ sets, seen on an instance the class makes */
    PyObject *made = PyObject_CallFunction(kind->cls, "i", 7);
    if (made == NULL)
        return -1;
    int as_made = 0;
    if (Py_IS_TYPE(made, type)) {
        PyObject *line = *slot_at(made, kind->line_at), *lines = *slot_at(made, kind->lines_at);
        int overflow;
        as_made = line != NULL && PyLong_CheckExact(line) &&
                  PyLong_AsLongAndOverflow(line, &overflow) == 7 && lines != NULL &&
                  Py_IS_TYPE(lines, base) && is_empty(lines) && is_empty(made);
    }
    Py_DECREF(made);
    return as_made;
}

/* The located class ``name`` of claimkb.located, and how to make one; -1 with an exception
 * set if it cannot be had. */
static int
init_located(Located *kind, PyObject *located, const char *name)
{
    kind->cls = PyObject_GetAttrString(located, name);
    if (kind->cls == NULL || (kind->lines_name = PyUnicode_InternFromString(kind->lines)) == NULL)
        return -1;
    kind->direct = PyType_Check(kind->cls) ? check_located(kind) : 0;
    return kind->direct < 0 ? -1 : 0;
}

/* What the module holds (see its globals), made on the first import; -1 with an exception
 * set, and nothing held, if any of it fails. */
static int
init_globals(void)
{
    if (outside != NULL)
        return 0; /* imported before (and since removed from sys.modules) */
    PyObject *located = PyImport_ImportModule("claimkb.located");
    if (located == NULL)
        return -1;
    int failed = init_located(&located_dict, located, "LocatedDict") < 0 ||
                 init_located(&located_list, located, "LocatedList") < 0;
    Py_DECREF(located);
    if (failed || (no_arguments = PyTuple_New(0)) == NULL ||
        (str_two_quotes = PyUnicode_FromString("''")) == NULL ||
        (str_quote = PyUnicode_FromString("'")) == NULL ||
        (outside = PyObject_CallNoArgs((PyObject *)&PyBaseObject_Type)) == NULL)
        goto fail;
    return 0;
fail:
    Py_CLEAR(located_dict.cls);
    Py_CLEAR(located_dict.lines_name);
    Py_CLEAR(located_list.cls);
    Py_CLEAR(located_list.lines_name);
    Py_CLEAR(no_arguments);
    Py_CLEAR(str_two_quotes);
    Py_CLEAR(str_quote);
    Py_CLEAR(outside);
    return -1;
}

PyMODINIT_FUNC
PyInit__yamlblock(void)
{
    if (init_globals() < 0)
        return NULL;
    fill_char_sets();
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    if (PyModule_AddObjectRef(module, "OUTSIDE", outside) < 0 ||
        PyModule_AddObjectRef(module, "DIRECT",
                              located_dict.direct && located_list.direct ? Py_True : Py_False) <
            0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
