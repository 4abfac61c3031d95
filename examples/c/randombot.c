/* A random bot for boardbots' engine protocol (docs/engines.md), all three
 * games (Connect Four at every size), in C with its standard library only:
 *
 *   gcc -O2 -o /tmp/randombot examples/c/randombot.c
 *   go run . -game adj -engine 'me=/tmp/randombot' -x me -o local
 *
 * It keeps no state between turns beyond the game's options: every turn
 * brings the whole record. Debugging output goes to stderr, which boardbots
 * keeps in the run's log of the engine; stdout is for the protocol's lines
 * only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The longest line boardbots sends is an Adjacency record: 56 cells. */
#define LINE 4096

/* legal writes the moves left, in the game's notation, into moves and
 * returns how many there are. */
static int legal(const char *game, int width, int height, const char *record, char moves[][4]) {
    int n = 0;
    if (strcmp(game, "tictactoe") == 0) { /* cells 0-8, a digit each */
        for (int c = 0; c < 9; c++) {
            if (!strchr(record, '0' + c)) {
                snprintf(moves[n++], 4, "%d", c);
            }
        }
    } else if (strcmp(game, "connect4") == 0) { /* columns 1-9, then a-c: a character each */
        const char *names = "123456789abc";
        for (int c = 0; c < width; c++) {
            int stones = 0;
            for (const char *p = record; *p; p++) {
                stones += *p == names[c];
            }
            if (stones < height) {
                snprintf(moves[n++], 4, "%c", names[c]);
            }
        }
    } else { /* adjacency: cells 0-63, comma-separated; the start's 8 marks are taken */
        int taken[64] = {0};
        int start[] = {6, 7, 14, 15, 48, 49, 56, 57};
        for (int i = 0; i < 8; i++) {
            taken[start[i]] = 1;
        }
        for (const char *p = record; *p;) {
            int cell = (int)strtol(p, (char **)&p, 10);
            if (cell >= 0 && cell < 64) {
                taken[cell] = 1;
            }
            if (*p == ',') {
                p++;
            }
        }
        for (int c = 0; c < 64; c++) {
            if (!taken[c]) {
                snprintf(moves[n++], 4, "%d", c);
            }
        }
    }
    return n;
}

int main(void) {
    static char line[LINE], record[LINE];
    char game[32] = "", word[32];
    int width = 7, height = 6;
    srand((unsigned)time(NULL) ^ (unsigned)clock());
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%31s", word) != 1) {
            continue; /* a blank line */
        }
        if (strcmp(word, "game") == 0) { /* game connect4 width 7 height 6 */
            sscanf(line, "game %31s", game);
            const char *w = strstr(line, " width "), *h = strstr(line, " height ");
            if (w) width = atoi(w + 7);
            if (h) height = atoi(h + 8);
        } else if (strcmp(word, "position") == 0) { /* the record so far, "-" at the start */
            sscanf(line, "position %4095s", record);
            if (strcmp(record, "-") == 0) {
                record[0] = '\0';
            }
        } else if (strcmp(word, "go") == 0) {
            char moves[64][4];
            int n = legal(game, width, height, record, moves);
            printf("move %s\n", moves[rand() % n]);
            /* Flush every line: on a pipe stdout is fully buffered, and a
             * move left in the buffer is a move never made. */
            fflush(stdout);
        } else if (strcmp(word, "quit") == 0) {
            break;
        }
    }
    return 0;
}
