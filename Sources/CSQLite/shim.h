#ifndef LANTERNLY_CSQLITE_SHIM_H
#define LANTERNLY_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
