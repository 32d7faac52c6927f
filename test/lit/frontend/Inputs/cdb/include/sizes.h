#define ROWS 64
