import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local with its HTTP connector bound to one address (loopback-bound-engine.ts says
 * why). DynamoDB Local has no option for it: its Jetty server is built with `new Server(port)`,
 * which listens on every interface, and is kept in a private field, so the connector's host is set
 * by reflection between building the server and starting it.
 *
 * Usage: java -cp CLASSES:DynamoDBLocal.jar LoopbackDynamoDbLocal HOST [DynamoDB Local's own options]
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = args[0];
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local's server has no connector to bind");
    for (Connector connector : connectors) {
      // Anything but the expected connector could listen everywhere: better no engine than an exposed one.
      if (!(connector instanceof ServerConnector)) throw new IllegalStateException("Unexpected connector " + connector.getClass().getName());
      ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
    if (!jetty.isStarted()) System.exit(1);
  }
}
