/* The game's random generator (SplitMix64), compiled: the same results as the pure-Python functions
 * of rng.py, which stay the reference and the fallback when this module is not built.
 *
 * A game draws a hundred-odd steps of the generator, a few for each roll and a few dozen for each
 * shuffle; in Python each step is several operations on 64-bit integers (or big-integer lanes),
 * here it is a few machine instructions. Only the hot functions are here: below, dice, shuffled
 * and outputs. Anything unusual (a range below 1 or from 2**63 up, a count below 1, a state
 * outside 64 bits) is left to the Python reference, so the two can only differ where tests
 * compare them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL

/* One step: the state moves on by GOLDEN, and its mixing is the output. */
static inline uint64_t
step(uint64_t *state)
{
    uint64_t z = (*state += GOLDEN);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, n), n >= 1: draws at or above the largest multiple of n that fits in
 * 2**64 are rejected and drawn again (rng.rejection_limit). */
static inline uint64_t
below_n(uint64_t *state, uint64_t n)
{
    uint64_t spare = (0 - n) % n; /* 2**64 mod n */
    uint64_t limit = 0 - spare;   /* 2**64 - spare; 0 stands for 2**64 when spare is 0 */
    for (;;) {
        uint64_t out = step(state);
        if (spare == 0 || out < limit) {
            return out % n;
        }
    }
}

/* The state argument: 0 when it is a state of the generator (an int in [0, 2**64)), 1 when it is an
 * int outside that range (left to the Python reference: no game holds one), -1 on an error. */
static int
read_state(PyObject *arg, uint64_t *state)
{
    if (!PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "a generator state must be an int, not %.100s",
                     Py_TYPE(arg)->tp_name);
        return -1;
    }
    *state = PyLong_AsUnsignedLongLong(arg);
    if (*state == (uint64_t)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
            return -1;
        }
        PyErr_Clear();
        return 1;
    }
    return 0;
}

static PyObject *reference; /* rng.py's pure functions by name, for the cases left to them */

static PyObject *
call_reference(const char *name, PyObject *const *args, Py_ssize_t nargs)
{
    if (reference == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled generator has no reference module");
        return NULL;
    }
    PyObject *function = PyDict_GetItemString(reference, name); /* (borrowed) */
    if (function == NULL) {
        PyErr_Format(PyExc_RuntimeError, "the reference generator has no %s()", name);
        return NULL;
    }
    return PyObject_Vectorcall(function, args, nargs, NULL);
}

/* (new state, value) */
static PyObject *
state_and(uint64_t state, PyObject *value)
{
    if (value == NULL) {
        return NULL;
    }
    PyObject *s = PyLong_FromUnsignedLongLong(state);
    if (s == NULL) {
        Py_DECREF(value);
        return NULL;
    }
    PyObject *pair = PyTuple_New(2);
    if (pair == NULL) {
        Py_DECREF(s);
        Py_DECREF(value);
        return NULL;
    }
    PyTuple_SET_ITEM(pair, 0, s);
    PyTuple_SET_ITEM(pair, 1, value);
    return pair;
}

static int
read_args(const char *name, PyObject *const *args, Py_ssize_t nargs, uint64_t *state,
          long long *n, int *leave)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes 2 arguments (%zd given)", name, nargs);
        return -1;
    }
    int odd = read_state(args[0], state);
    if (odd < 0) {
        return -1;
    }
    if (!PyLong_Check(args[1])) {
        PyErr_Format(PyExc_TypeError, "%s(): the count must be an int", name);
        return -1;
    }
    *n = PyLong_AsLongLongAndOverflow(args[1], leave);
    if (*n == -1 && PyErr_Occurred()) {
        return -1;
    }
    *leave |= odd; /* a state out of range: left to the reference too */
    return 0;
}

/* The arguments of a function that makes a list of n values: -1 on an error, 1 when the Python
 * reference is to answer (a count below 1 or too large, a state out of range), 0 otherwise. */
static int
read_list_args(const char *name, PyObject *const *args, Py_ssize_t nargs, uint64_t *state,
               Py_ssize_t *n)
{
    long long count;
    int leave;
    if (read_args(name, args, nargs, state, &count, &leave) < 0) {
        return -1;
    }
    if (leave || count < 1 || count > PY_SSIZE_T_MAX / 8) {
        return 1;
    }
    *n = (Py_ssize_t)count;
    return 0;
}

PyDoc_STRVAR(below_doc, "below(state, n) -> (new state, a uniform integer in [0, n)): as rng.below.");

static PyObject *
below(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t state;
    long long n;
    int leave; /* left to the reference: a range or a state out of range */
    if (read_args("below", args, nargs, &state, &n, &leave) < 0) {
        return NULL;
    }
    if (leave || n < 1) {
        return call_reference("below", args, nargs);
    }
    uint64_t value = below_n(&state, (uint64_t)n);
    return state_and(state, PyLong_FromUnsignedLongLong(value));
}

PyDoc_STRVAR(dice_doc, "dice(state, n) -> (new state, n values 1-6): as rng.dice.");

static PyObject *
dice(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t state;
    Py_ssize_t n;
    int read = read_list_args("dice", args, nargs, &state, &n);
    if (read != 0) {
        return read < 0 ? NULL : call_reference("dice", args, nargs);
    }
    PyObject *values = PyList_New(n);
    if (values == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        /* 1-6 are small ints: the interpreter hands back its own, nothing is allocated */
        PyList_SET_ITEM(values, k, PyLong_FromLong((long)below_n(&state, 6) + 1));
    }
    return state_and(state, values);
}

PyDoc_STRVAR(shuffled_doc,
             "shuffled(state, items) -> (new state, a Fisher-Yates shuffle of items): as rng.shuffled.");

static PyObject *
shuffled(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t state;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "shuffled() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    int odd = read_state(args[0], &state);
    if (odd < 0) {
        return NULL;
    }
    if (odd) {
        return call_reference("shuffled", args, nargs);
    }
    PyObject *result = PySequence_List(args[1]);
    if (result == NULL) {
        return NULL;
    }
    Py_ssize_t last = PyList_GET_SIZE(result) - 1;
    if (last < 1) { /* nothing to shuffle: the state is handed back untouched, as rng.py does */
        PyObject *pair = PyTuple_Pack(2, args[0], result);
        Py_DECREF(result);
        return pair;
    }
    PyObject **item = ((PyListObject *)result)->ob_item;
    for (Py_ssize_t i = last; i >= 1; i--) {
        Py_ssize_t j = (Py_ssize_t)below_n(&state, (uint64_t)i + 1);
        PyObject *swap = item[i];
        item[i] = item[j];
        item[j] = swap;
    }
    return state_and(state, result);
}

PyDoc_STRVAR(outputs_doc,
             "outputs(state, n) -> the outputs of the generator's next n steps: as rng.outputs.");

static PyObject *
outputs(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t state;
    Py_ssize_t n;
    int read = read_list_args("outputs", args, nargs, &state, &n);
    if (read != 0) {
        return read < 0 ? NULL : call_reference("outputs", args, nargs);
    }
    PyObject *values = PyList_New(n);
    if (values == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *value = PyLong_FromUnsignedLongLong(step(&state));
        if (value == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, k, value);
    }
    return values;
}

PyDoc_STRVAR(use_reference_doc,
             "use_reference(functions): the pure-Python generator's functions by name, for what is "
             "left to them.");

static PyObject *
use_reference(PyObject *module, PyObject *arg)
{
    if (!PyDict_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "use_reference() takes a dict of functions");
        return NULL;
    }
    Py_INCREF(arg);
    Py_XSETREF(reference, arg);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"below", (PyCFunction)(void (*)(void))below, METH_FASTCALL, below_doc},
    {"dice", (PyCFunction)(void (*)(void))dice, METH_FASTCALL, dice_doc},
    {"shuffled", (PyCFunction)(void (*)(void))shuffled, METH_FASTCALL, shuffled_doc},
    {"outputs", (PyCFunction)(void (*)(void))outputs, METH_FASTCALL, outputs_doc},
    {"use_reference", use_reference, METH_O, use_reference_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "_splitmix",
    "The game's SplitMix64 generator, compiled (rng.py holds the reference and the fallback).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__splitmix(void)
{
    return PyModule_Create(&module_def);
}
