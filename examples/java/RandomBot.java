// A random bot for boardbots' engine protocol (docs/engines.md), all three
// games (Connect Four at every size), with Java's standard library only:
//
//   javac -d /tmp/randombot examples/java/RandomBot.java
//   go run . -game c4 -engine 'me=java -cp /tmp/randombot RandomBot' -x me -o alphabeta
//
// or, compiled as it starts (slower to start, within the start-up allowance):
//
//   go run . -game c4 -engine 'me=java examples/java/RandomBot.java' -x me -o alphabeta
//
// It keeps no state between turns beyond the game's options: every turn
// brings the whole record. Debugging output goes to System.err, which
// boardbots keeps in the run's log of the engine; System.out is for the
// protocol's lines only.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

public class RandomBot {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        Random random = new Random();
        String game = "";
        Map<String, Integer> options = new HashMap<>();
        String record = "";
        for (String line; (line = in.readLine()) != null; ) {
            String[] words = line.trim().split("\\s+");
            switch (words[0]) {
                case "game": // game connect4 width 7 height 6
                    game = words[1];
                    for (int i = 2; i + 1 < words.length; i += 2) {
                        options.put(words[i], Integer.parseInt(words[i + 1]));
                    }
                    break;
                case "position": // the record so far, "-" at the start
                    record = words[1].equals("-") ? "" : words[1];
                    break;
                case "go":
                    List<String> moves = legal(game, options, record);
                    System.out.println("move " + moves.get(random.nextInt(moves.size())));
                    // Flush every line: a move left in a buffer is a move
                    // never made, and the game is lost on time.
                    System.out.flush();
                    break;
                case "quit":
                    return;
                default: // boardbots, side, option, result: nothing to do
            }
        }
    }

    // legal lists the moves left, in the game's notation.
    static List<String> legal(String game, Map<String, Integer> options, String record) {
        List<String> moves = new ArrayList<>();
        switch (game) {
            case "tictactoe": // cells 0-8, a digit each
                for (int c = 0; c < 9; c++) {
                    if (record.indexOf((char) ('0' + c)) < 0) {
                        moves.add(Integer.toString(c));
                    }
                }
                break;
            case "connect4": { // columns 1-9, then a-c on the widest boards: a character each
                String names = "123456789abc";
                for (int c = 0; c < options.get("width"); c++) {
                    char name = names.charAt(c);
                    if (record.chars().filter(ch -> ch == name).count() < options.get("height")) {
                        moves.add(String.valueOf(name));
                    }
                }
                break;
            }
            default: { // adjacency: cells 0-63, comma-separated; the start's 8 marks are taken
                Set<Integer> taken = new HashSet<>(List.of(6, 7, 14, 15, 48, 49, 56, 57));
                for (String cell : record.split(",")) {
                    if (!cell.isEmpty()) {
                        taken.add(Integer.parseInt(cell));
                    }
                }
                for (int c = 0; c < 64; c++) {
                    if (!taken.contains(c)) {
                        moves.add(Integer.toString(c));
                    }
                }
            }
        }
        return moves;
    }
}
