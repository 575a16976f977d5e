import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteStatement;
import java.io.File;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Puts DynamoDB Local's SQLite file into write-ahead-log mode, creating it when missing, with the
 * sqlite4java that DynamoDB Local itself bundles (see write-ahead-log.ts for why). The mode is
 * kept in the file, so DynamoDB Local then opens it in WAL mode. Prints the mode SQLite reports.
 *
 * Run as a single-file source program: java -Djava.library.path=LIB -cp LIB/sqlite4java.jar WriteAheadLog.java FILE
 */
public class WriteAheadLog {
  public static void main(String[] args) throws Exception {
    Logger.getLogger("com.almworks.sqlite4java").setLevel(Level.OFF);
    SQLiteConnection connection = new SQLiteConnection(new File(args[0]));
    connection.open(true);
    try {
      SQLiteStatement statement = connection.prepare("PRAGMA journal_mode=WAL");
      try {
        statement.step();
        System.out.println(statement.columnString(0));
      } finally {
        statement.dispose();
      }
    } finally {
      connection.dispose();
    }
  }
}
