package vharness;

import java.awt.Component;
import java.awt.Container;
import java.awt.Dialog;
import java.awt.Frame;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Window;
import java.awt.event.ActionEvent;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

import javax.swing.AbstractButton;
import javax.swing.Action;
import javax.swing.JComboBox;
import javax.swing.JFileChooser;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;
import javax.swing.text.JTextComponent;

import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.DiceButton;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.PredefinedSetup;
import VASSAL.build.module.turn.TurnTracker;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.command.Command;
import VASSAL.counters.Decorator;
import VASSAL.counters.DragBuffer;
import VASSAL.counters.DynamicProperty;
import VASSAL.counters.Embellishment;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyBuffer;
import VASSAL.counters.KeyCommand;
import VASSAL.counters.Properties;
import VASSAL.counters.Stack;
import VASSAL.i18n.Localization;
import VASSAL.launch.Player;
import VASSAL.launch.StandardConfig;

/**
 * Opens a module the way VASSAL's Player does (Launcher: error log, system
 * properties, menus; Player.launch: GameModule.init on the module's
 * DataArchive, extensions, translation, player window) and then, from a
 * driver thread, launches each predefined setup through
 * PredefinedSetup.launch() (the menu item's own code) and dumps every piece.
 * Optional scripted play writes a .vlog with VASSAL's BasicLogger.
 *
 * Nothing in VASSAL is replaced: modal dialogs are read and answered by a
 * watcher (as a person clicking OK would), the chat text is read from the
 * Chatter's document, and log output goes to stdout via logback.
 *
 * usage: VHarness MODULE [--setups all|none|NAME,NAME] [--play SETUP --vlog FILE
 *        --side SIDE --act move:UNIT:HEX --act flip:UNIT --act key:UNIT:MENU --act dice[:NAME]
 *        --act turn --act turn-until:TEXT --act chat:TEXT] [--save FILE] [--shots DIR] [--no-tiles]
 */
public class VHarness extends Player {
  static PrintStream out;
  static String modulePath;
  static String setupsArg = "all";
  static String playSetup;
  static String vlogPath;
  static String side;
  static final List<String> acts = new ArrayList<>();
  static String savePath;
  static String shotsDir;
  static boolean tiles = true;
  static volatile File pendingSaveFile;
  static volatile String wantSide;
  static int dialogCount = 0;
  static int exitCode = 0;

  public static void main(String[] args) throws IOException {
    out = new PrintStream(new FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
      case "--setups": setupsArg = args[++i]; break;
      case "--play": playSetup = args[++i]; break;
      case "--vlog": vlogPath = args[++i]; break;
      case "--side": side = args[++i]; break;
      case "--act": acts.add(args[++i]); break;
      case "--save": savePath = args[++i]; break;
      case "--shots": shotsDir = args[++i]; break;
      case "--no-tiles": tiles = false; break;
      default: modulePath = args[i];
      }
    }
    Info.setConfig(new StandardConfig());
    out.println("VASSAL " + Info.getVersion() + " harness: module " + modulePath);
    new VHarness(new String[]{"--load", modulePath});
  }

  /**
   * What the Module Manager's launch action (AbstractLaunchAction) does before
   * it starts the Player: the removed/deprecated class check of the module and
   * the tile slicing of its images (TilingHandler runs VASSAL's
   * ZipFileImageTiler in a child JVM, like the real program).
   */
  static void prelaunch() {
    try {
      final java.util.zip.ZipFile zf = new java.util.zip.ZipFile(modulePath);
      final var rd = new VASSAL.tools.deprecation.RemovalAndDeprecationChecker().check(zf);
      out.println("PRELAUNCH\tremoved-classes-used=" + rd.getLeft().size() + "\tdeprecated-used=" + rd.getRight().size());
      final VASSAL.build.module.metadata.ModuleMetaData meta = new VASSAL.build.module.metadata.ModuleMetaData(zf);
      final String hstr = org.apache.commons.codec.digest.DigestUtils.sha1Hex(meta.getName() + "_" + meta.getVersion());
      final File cdir = new File(Info.getCacheDir(), "tiles/" + hstr);
      final long t0 = System.currentTimeMillis();
      new QuietTiler(new File(modulePath).getAbsolutePath(), cdir).sliceTiles();
      final String[] made = cdir.list();
      out.println("PRELAUNCH\ttiles in " + cdir + ": " + (made == null ? 0 : made.length) + " files, ms=" + (System.currentTimeMillis() - t0));
    }
    catch (Throwable e) {
      out.println("PRELAUNCH-FAILURE\t" + e);
      e.printStackTrace(out);
    }
  }

  /**
   * VASSAL's TilingHandler (findImages, the ZipFileImageTiler child JVM, its
   * exit status), with a state handler that prints progress instead of
   * driving the Module Manager window's progress bar.
   */
  static class QuietTiler extends VASSAL.launch.TilingHandler {
    QuietTiler(String aname, File cdir) {
      super(aname, cdir, new java.awt.Dimension(256, 256), 1024);
    }

    @Override
    protected StateMachineHandler createStateMachineHandler(int tcount, java.util.concurrent.Future<Integer> fut) {
      return new StateMachineHandler() {
        int tiles = 0;
        @Override public void handleStart() { out.println("TILER\tstart, " + tcount + " tiles to write"); }
        @Override public void handleStartingImageState(String in) { out.println("TILER\timage " + in); }
        @Override public void handleTileWrittenState() { tiles++; }
        @Override public void handleTilingFinishedState() { out.println("TILER\tfinished, " + tiles + " tiles written"); }
        @Override public void handleSuccess() { out.println("TILER\tsuccess"); }
        @Override public void handleFailure() { out.println("TILER\tFAILURE"); }
      };
    }
  }

  @Override
  protected VASSAL.tools.menu.MenuManager createMenuManager() {
    // Launcher calls this on the main thread before launch(): the tiling
    // handler needs the MenuManager (its progress window) and must not run
    // on the EDT.
    final VASSAL.tools.menu.MenuManager mm = super.createMenuManager();
    if (tiles) prelaunch();
    return mm;
  }

  protected VHarness(String[] args) {
    super(args);
  }

  @Override
  protected void launch() throws IOException {
    // Same sequence as Player.launch() for a non-built-in module, except that
    // the welcome wizard / username prompt is skipped: the harness sets a
    // real name so that reports carry $PlayerName$.
    GameModule.init(createModule(createDataArchive()));
    createExtensionsLoader().addTo(GameModule.getGameModule());
    Localization.getInstance().translate();
    final GameModule m = GameModule.getGameModule();
    m.getPrefs().setValue(GameModule.REAL_NAME, "vharness");
    // a non-blank password, so that PlayerRoster asks only for a side
    m.getPrefs().setValue(GameModule.SECRET_NAME, "vharness-pw");
    m.getPlayerWindow().setVisible(true);
    out.println("MODULE\t" + m.getGameName() + "\t" + m.getGameVersion());

    final javax.swing.Timer watcher = new javax.swing.Timer(250, e -> watchDialogs());
    watcher.start();

    final Thread t = new Thread(() -> {
      try {
        drive();
      }
      catch (Throwable e) {
        out.println("HARNESS-FAILURE " + e);
        e.printStackTrace(out);
        exitCode = 3;
      }
      finally {
        out.println("DIALOGS-SEEN\t" + dialogCount);
        out.flush();
        Runtime.getRuntime().halt(exitCode);
      }
    }, "vharness-driver");
    t.start();
  }

  // ---------------------------------------------------------------- driver

  static <T> T onEdt(Callable<T> c) throws Exception {
    final AtomicReference<T> r = new AtomicReference<>();
    final AtomicReference<Exception> ex = new AtomicReference<>();
    SwingUtilities.invokeAndWait(() -> {
      try {
        r.set(c.call());
      }
      catch (Exception e) {
        ex.set(e);
      }
    });
    if (ex.get() != null) throw ex.get();
    return r.get();
  }

  static void onEdtRun(Runnable r) throws Exception {
    onEdt(() -> { r.run(); return null; });
  }

  /** Let queued EDT work (invokeLater'd prompts, dialogs) run. */
  static void settle(long ms) throws Exception {
    final long end = System.currentTimeMillis() + ms;
    while (System.currentTimeMillis() < end) {
      onEdtRun(() -> { });
      Thread.sleep(100);
    }
  }

  static void drive() throws Exception {
    final GameModule m = GameModule.getGameModule();
    settle(1500);
    dumpChat("init");

    final List<PredefinedSetup> setups = onEdt(() -> m.getAllDescendantComponentsOf(PredefinedSetup.class));
    for (final PredefinedSetup ps : setups) {
      out.println("SETUP-ENTRY\t" + ps.getConfigureName() + "\tuseFile=" + ps.isUseFile() + "\tfile=" + ps.getFileName());
    }

    if (!"none".equals(setupsArg)) {
      final List<String> wanted = "all".equals(setupsArg) ? null : List.of(setupsArg.split(","));
      for (final PredefinedSetup ps : setups) {
        if (!ps.isUseFile() || ps.getFileName() == null) continue;
        if (wanted != null && !wanted.contains(ps.getFileName()) && !wanted.contains(ps.getConfigureName())) continue;
        loadSetup(ps);
        dumpPieces(ps.getFileName());
        checkImages(ps.getFileName());
        shot(ps.getFileName());
      }
    }

    if (playSetup != null) {
      play(setups);
    }
    onEdtRun(() -> m.getGameState().closeGame());
    settle(500);
    dumpChat("end");
  }

  static void loadSetup(PredefinedSetup ps) throws Exception {
    final GameState gs = GameModule.getGameModule().getGameState();
    out.println("=== LOAD\t" + ps.getFileName() + "\t" + ps.getConfigureName());
    if (onEdt(gs::isGameStarted)) {
      onEdtRun(gs::closeGame);
      settle(300);
      dumpChat("close");
    }
    wantSide = side;
    onEdtRun(ps::launch);
    final long t0 = System.currentTimeMillis();
    while (onEdt(gs::isLoadingInBackground)) {
      if (System.currentTimeMillis() - t0 > 300_000) {
        out.println("TIMEOUT loading " + ps.getFileName());
        exitCode = 4;
        break;
      }
      Thread.sleep(100);
    }
    settle(1500);
    out.println("LOADED\t" + ps.getFileName() + "\tgameStarted=" + onEdt(gs::isGameStarted) + "\tms=" + (System.currentTimeMillis() - t0));
    dumpChat(ps.getFileName());
  }

  // ---------------------------------------------------------------- dumps

  static int chatSeen = 0;

  static void dumpChat(String phase) throws Exception {
    final String text = onEdt(() -> {
      final Chatter ch = GameModule.getGameModule().getChatter();
      final Field f = Chatter.class.getDeclaredField("doc");
      f.setAccessible(true);
      final Document d = (Document) f.get(ch);
      return d.getText(0, d.getLength());
    });
    if (text.length() > chatSeen) {
      for (final String line : text.substring(chatSeen).split("\n")) {
        if (!line.isBlank()) out.println("CHAT[" + phase + "]\t" + line.strip());
      }
      chatSeen = text.length();
    }
  }

  static void dumpPieces(String setup) throws Exception {
    onEdtRun(() -> {
      final GameState gs = GameModule.getGameModule().getGameState();
      int n = 0;
      for (final GamePiece p : gs.getAllPieces()) {
        if (p instanceof Stack) continue;
        out.println("PIECE\t" + setup + "\t" + describe(p));
        n++;
      }
      out.println("PIECES\t" + setup + "\t" + n);
      for (final Map mp : Map.getMapList()) {
        for (final Board b : mp.getBoards()) {
          final Rectangle r = b.bounds();
          out.println("BOARD\t" + setup + "\t" + mp.getMapName() + "\t" + b.getName() + "\t" + r.x + "," + r.y + "," + r.width + "x" + r.height
            + "\tgrid=" + (b.getGrid() == null ? "none" : b.getGrid().getClass().getSimpleName()));
        }
      }
      for (final TurnTracker tt : GameModule.getGameModule().getAllDescendantComponentsOf(TurnTracker.class)) {
        out.println("TURNSTRING\t" + setup + "\t" + invokeQuiet(tt, "getTurnString"));
      }
    });
  }

  /**
   * Loads, through VASSAL's own image ops, every image the module's components
   * and the pieces now in play name (GameModule.getAllImageNames(), the
   * ImageSearchTarget walk VASSAL's editor uses): a name that is not in the
   * archive is reported by VASSAL as "Image not found" (a data warning).
   */
  static void checkImages(String phase) throws Exception {
    onEdtRun(() -> {
      final GameModule m = GameModule.getGameModule();
      final java.util.SortedSet<String> names = m.getAllImageNames();
      for (final GamePiece p : m.getGameState().getAllPieces()) {
        if (p instanceof VASSAL.search.ImageSearchTarget) ((VASSAL.search.ImageSearchTarget) p).addImageNamesRecursively(names);
      }
      int ok = 0;
      for (final String n : names) {
        if (n == null || n.isEmpty()) continue;
        // "/images/x.gif": VASSAL's own icons, from its jar, not the archive
        if (!n.startsWith("/")) try (java.io.InputStream in = m.getDataArchive().getInputStream(VASSAL.tools.DataArchive.IMAGE_DIR + n)) {
          ok++;
        }
        catch (IOException e) {
          out.println("IMAGE-MISSING\t" + phase + "\t" + n + "\t" + e);
        }
        try {
          VASSAL.tools.imageop.Op.load(n).getImage();
        }
        catch (Exception e) {
          out.println("IMAGE-LOAD-FAILED\t" + phase + "\t" + n + "\t" + e);
        }
      }
      out.println("IMAGES\t" + phase + "\t" + names.size() + " named, " + ok + " in the archive");
    });
    settle(300);
    dumpChat("images " + phase);
  }

  static void shot(String phase) throws Exception {
    if (shotsDir == null) return;
    final java.awt.Rectangle r = onEdt(() -> GameModule.getGameModule().getPlayerWindow().getBounds());
    final java.awt.image.BufferedImage img = new java.awt.Robot().createScreenCapture(r);
    final File f = new File(shotsDir, phase.replace(".vsav", "") + ".png");
    javax.imageio.ImageIO.write(img, "png", f);
    out.println("SHOT\t" + f);
  }

  static Object invokeQuiet(Object o, String method) {
    try {
      Class<?> c = o.getClass();
      while (c != null) {
        for (final Method mm : c.getDeclaredMethods()) {
          if (mm.getName().equals(method) && mm.getParameterCount() == 0) {
            mm.setAccessible(true);
            return mm.invoke(o);
          }
        }
        c = c.getSuperclass();
      }
    }
    catch (Exception e) {
      return "ERR " + e;
    }
    return "NO-METHOD";
  }

  static String describe(GamePiece p) {
    final Map map = p.getMap();
    final Point pos = p.getPosition();
    final String loc = map == null ? "" : map.locationName(pos);
    final Object uid = p.getProperty("UnitId");
    final StringBuilder layers = new StringBuilder();
    GamePiece q = p;
    while (q instanceof Decorator) {
      if (q instanceof Embellishment) {
        final Embellishment e = (Embellishment) q;
        if (layers.length() > 0) layers.append(';');
        // level as saved (1-based), the _Active flag and the level name
        final String ln = e.getLayerName();
        layers.append(ln).append('=').append(e.getProperty(ln + Embellishment.LEVEL))
          .append(Boolean.TRUE.equals(e.getProperty(ln + Embellishment.ACTIVE)) || "true".equals(String.valueOf(e.getProperty(ln + Embellishment.ACTIVE))) ? "" : "(inactive)")
          .append('/').append(e.getProperty(ln + Embellishment.NAME));
      }
      else if (q instanceof DynamicProperty) {
        final DynamicProperty dp = (DynamicProperty) q;
        if (layers.length() > 0) layers.append(';');
        layers.append(dp.getKey()).append(":=").append(dp.getValue());
      }
      q = ((Decorator) q).getInner();
    }
    final String stackInfo;
    if (p.getParent() != null) {
      stackInfo = p.getParent().indexOf(p) + "/" + p.getParent().getPieceCount();
    }
    else {
      stackInfo = "-";
    }
    return (map == null ? "(no map)" : map.getMapName()) + "\t" + pos.x + "," + pos.y + "\t" + loc
      + "\t" + (uid == null ? "" : uid) + "\t" + p.getName() + "\t" + layers + "\tstack=" + stackInfo
      + "\tid=" + p.getId();
  }

  // ---------------------------------------------------------------- play

  static GamePiece findUnit(String id) {
    for (final GamePiece p : GameModule.getGameModule().getGameState().getAllPieces()) {
      if (p instanceof Stack) continue;
      if (id.equals(p.getProperty("UnitId"))) return p;
    }
    return null;
  }

  static Object field(Object o, Class<?> c, String name) throws Exception {
    final Field f = c.getDeclaredField(name);
    f.setAccessible(true);
    return f.get(o);
  }

  static void play(List<PredefinedSetup> setups) throws Exception {
    final GameModule m = GameModule.getGameModule();
    PredefinedSetup ps = null;
    for (final PredefinedSetup s : setups) {
      if (playSetup.equals(s.getFileName()) || playSetup.equals(s.getConfigureName())) ps = s;
    }
    if (ps == null) throw new IllegalArgumentException("no setup " + playSetup);
    out.println("=== PLAY\t" + playSetup);
    loadSetup(ps);

    // Begin Logfile: the menu action; its file chooser is answered by the watcher.
    final BasicLogger logger = (BasicLogger) m.getLogger();
    pendingSaveFile = new File(vlogPath);
    onEdtRun(() -> m.getFileChooser().setSelectedFile(pendingSaveFile));
    onEdtRun(() -> {
      try {
        ((Action) field(logger, BasicLogger.class, "newLogAction")).actionPerformed(new ActionEvent(m.getPlayerWindow(), 0, "begin"));
      }
      catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    settle(800);
    out.println("LOGGING\t" + onEdt(logger::isLogging));
    dumpChat("begin-log");

    for (final String act : acts) {
      final String[] a = act.split(":", 3);
      out.println("=== ACT\t" + act);
      switch (a[0]) {
      case "move": actMove(a[1], a[2]); break;
      case "flip": actKey(a[1], "Flip"); break;
      case "key": actKey(a[1], a[2]); break;
      case "dice": actDice(a.length > 1 ? a[1] : null); break;
      case "turn": actTurn(); break;
      case "turn-until": actTurnUntil(act.substring("turn-until:".length())); break;
      case "chat": onEdtRun(() -> {
          // type into the chat input field and press Enter
          try {
            final javax.swing.JTextField in = (javax.swing.JTextField) field(GameModule.getGameModule().getChatter(), Chatter.class, "input");
            // the whole text after "chat:" (a declaration may hold ':' itself: 5-5:2708)
            in.setText(act.substring("chat:".length()));
            in.postActionEvent();
          }
          catch (Exception e) {
            throw new RuntimeException(e);
          }
        });
        break;
      default: throw new IllegalArgumentException("unknown act " + act);
      }
      settle(500);
      dumpChat(act);
    }

    // End Logfile: the menu action writes the .vlog.
    onEdtRun(() -> {
      try {
        ((Action) field(logger, BasicLogger.class, "endLogAction")).actionPerformed(new ActionEvent(m.getPlayerWindow(), 0, "end"));
      }
      catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    settle(800);
    dumpChat("end-log");
    out.println("VLOG\t" + vlogPath + "\t" + new File(vlogPath).length());

    if (savePath != null) {
      onEdtRun(() -> {
        try {
          m.getGameState().saveGame(new File(savePath));
        }
        catch (IOException e) {
          throw new RuntimeException(e);
        }
      });
      out.println("VSAV\t" + savePath + "\t" + new File(savePath).length());
    }
    dumpPieces("after-play");
  }


  static Point hexPoint(Map map, String hex) {
    for (final Board b : map.getBoards()) {
      if (b.getGrid() == null) continue;
      // RegularGridNumbering.getLocation parses the name through the numbering's
      // locationFormat ("6-4:$gridLocation$" on a board of several): the full name first
      for (final String name : hex.contains(":") ? new String[]{hex, hex.substring(hex.indexOf(':') + 1)} : new String[]{hex}) {
        try {
          final Point p = b.getGrid().getLocation(name);
          final Rectangle r = b.bounds();
          p.translate(r.x, r.y);
          if (hex.equals(map.locationName(p))) return p;
        }
        catch (Exception e) {
          // not on this board
        }
      }
    }
    throw new IllegalArgumentException("hex " + hex + " not found on " + map.getMapName());
  }

  /** Drag-and-drop, as PieceMover.performDrop does it; target map = the Main Map. */
  static void actMove(String uid, String hex) throws Exception {
    final GamePiece unit = onEdt(() -> findUnit(uid));
    if (unit == null) throw new IllegalArgumentException("no unit " + uid);
    out.println("BEFORE\t" + onEdt(() -> describe(unit)));
    onEdtRun(() -> {
      final Map map = Map.getMapById("Main Map") != null ? Map.getMapById("Main Map") : mainMap();
      final Point target = hexPoint(map, hex);
      out.println("MOVE-TARGET\t" + map.getMapName() + "\t" + hex + "\t" + target.x + "," + target.y);
      KeyBuffer.getBuffer().clear();
      KeyBuffer.getBuffer().add(unit);
      DragBuffer.getBuffer().clear();
      DragBuffer.getBuffer().add(unit);
      final Command move = map.getPieceMover().movePieces(map, target);
      GameModule.getGameModule().sendAndLog(move);
      if (move != null) DragBuffer.getBuffer().clear();
      GameModule.getGameModule().refreshVisibleMaps();
    });
    out.println("AFTER\t" + onEdt(() -> describe(unit)));
  }

  static Map mainMap() {
    for (final Map m : Map.getMapList()) if ("Main Map".equals(m.getMapName())) return m;
    throw new IllegalStateException("no Main Map");
  }

  /** A menu command of the piece, run as the right-click menu item runs it on a selected piece. */
  static void actKey(String uid, String menuName) throws Exception {
    final GamePiece unit = onEdt(() -> findUnit(uid));
    if (unit == null) throw new IllegalArgumentException("no unit " + uid);
    onEdtRun(() -> {
      final GamePiece outer = Decorator.getOutermost(unit);
      final KeyCommand[] cmds = (KeyCommand[]) outer.getProperty(Properties.KEY_COMMANDS);
      KeyCommand kc = null;
      for (final KeyCommand k : cmds) {
        out.println("MENU\t" + k.getName() + "\t" + k.getKeyStroke());
        if (menuName.equals(k.getName())) kc = k;
      }
      if (kc == null) throw new IllegalStateException("no menu command " + menuName);
      KeyBuffer.getBuffer().clear();
      KeyBuffer.getBuffer().add(outer);
      kc.setGlobal(true);
      kc.actionPerformed(new ActionEvent(GameModule.getGameModule().getPlayerWindow(), 0, menuName));
    });
    out.println("AFTER\t" + onEdt(() -> describe(unit)));
  }

  /** Click a dice button on the toolbar (by name; null: the first). */
  static void actDice(String name) throws Exception {
    for (final DiceButton db : onEdt(() -> GameModule.getGameModule().getAllDescendantComponentsOf(DiceButton.class))) {
      if (name == null || name.equals(db.getConfigureName())) {
        out.println("DICE\t" + db.getConfigureName());
        onEdtRun(() -> db.getLaunchButton().doClick());
        return;
      }
    }
    throw new IllegalArgumentException("no dice button " + name);
  }

  /** The turn tracker's Next button handler (TurnWidget.doNext). */
  static void actTurn() throws Exception {
    for (final TurnTracker tt : onEdt(() -> GameModule.getGameModule().getAllDescendantComponentsOf(TurnTracker.class))) {
      out.println("TURN-BEFORE\t" + onEdt(() -> invokeQuiet(tt, "getTurnString")));
      onEdtRun(() -> {
        try {
          invokeQuiet(field(tt, TurnTracker.class, "turnWidget"), "doNext");
        }
        catch (Exception e) {
          throw new RuntimeException(e);
        }
      });
      out.println("TURN-AFTER\t" + onEdt(() -> invokeQuiet(tt, "getTurnString")));
    }
  }

  /** Press Next until the (first) turn tracker's turn string contains the text (at most 400 presses). */
  static void actTurnUntil(String text) throws Exception {
    final TurnTracker tt = onEdt(() -> GameModule.getGameModule().getAllDescendantComponentsOf(TurnTracker.class)).get(0);
    for (int i = 0; i < 400; i++) {
      final String now = String.valueOf(onEdt(() -> invokeQuiet(tt, "getTurnString")));
      if (now.contains(text)) {
        out.println("TURN-REACHED\t" + now + "\tpresses=" + i);
        return;
      }
      onEdtRun(() -> {
        try {
          invokeQuiet(field(tt, TurnTracker.class, "turnWidget"), "doNext");
        }
        catch (Exception e) {
          throw new RuntimeException(e);
        }
      });
      settle(200);
    }
    throw new IllegalStateException("turn string never contained " + text);
  }

  // ---------------------------------------------------------------- dialogs

  static final Set<Window> reported = Collections.newSetFromMap(new IdentityHashMap<>());

  static void collectText(Component c, List<String> acc) {
    String s = null;
    if (c instanceof JLabel) s = ((JLabel) c).getText();
    else if (c instanceof JTextComponent) s = ((JTextComponent) c).getText();
    else if (c instanceof AbstractButton) s = "[" + ((AbstractButton) c).getText() + "]";
    else if (c instanceof JComboBox) {
      final JComboBox<?> cb = (JComboBox<?>) c;
      final StringBuilder sb = new StringBuilder("{combo:");
      for (int i = 0; i < cb.getItemCount(); i++) sb.append(i == 0 ? "" : "|").append(cb.getItemAt(i));
      s = sb.append("}").toString();
    }
    else if (c instanceof JList) {
      s = "{list}";
    }
    if (s != null && !s.isBlank()) acc.add(s.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").strip());
    if (c instanceof Container) {
      for (final Component k : ((Container) c).getComponents()) collectText(k, acc);
    }
  }

  static <T> T find(Component c, Class<T> cls) {
    if (cls.isInstance(c)) return cls.cast(c);
    if (c instanceof Container) {
      for (final Component k : ((Container) c).getComponents()) {
        final T t = find(k, cls);
        if (t != null) return t;
      }
    }
    return null;
  }

  static void findButtons(Component c, List<AbstractButton> acc) {
    if (c instanceof AbstractButton && !(c instanceof javax.swing.JCheckBox)) acc.add((AbstractButton) c);
    if (c instanceof Container) {
      for (final Component k : ((Container) c).getComponents()) findButtons(k, acc);
    }
  }

  static void watchDialogs() {
    for (final Window w : Window.getWindows()) {
      if (!w.isShowing()) continue;
      if (w instanceof Dialog && ((Dialog) w).isModal()) {
        handleModal((Dialog) w);
      }
      else if (!reported.contains(w)) {
        reported.add(w);
        final String title = w instanceof Frame ? ((Frame) w).getTitle() : w instanceof Dialog ? ((Dialog) w).getTitle() : "";
        out.println("WINDOW\t" + w.getClass().getSimpleName() + "\t" + title);
      }
    }
  }

  static final Set<Dialog> pressed = Collections.newSetFromMap(new IdentityHashMap<>());

  static void handleModal(Dialog d) {
    if (d instanceof java.awt.FileDialog) {
      // VASSAL's NativeFileChooser: a GTK file dialog, prefilled from
      // FileChooser.setSelectedFile(); a person presses Enter in it.
      if (pressed.add(d)) {
        final java.awt.FileDialog fd = (java.awt.FileDialog) d;
        out.println("FILEDIALOG\t" + fd.getTitle() + "\t" + fd.getDirectory() + "\t" + fd.getFile() + "\t-> xdotool Return");
        new Thread(() -> {
          try {
            Thread.sleep(2000);
            new ProcessBuilder(System.getProperty("vharness.xdo", "xdo-enter.sh")).inheritIO().start().waitFor();
          }
          catch (Exception e) {
            out.println("XDOTOOL-FAILED " + e);
          }
        }).start();
      }
      return;
    }
    final JFileChooser fc = find(d, JFileChooser.class);
    if (fc != null) {
      out.println("FILECHOOSER\t" + d.getTitle() + "\t-> " + pendingSaveFile);
      if (pendingSaveFile != null) {
        fc.setSelectedFile(pendingSaveFile);
        fc.approveSelection();
      }
      else {
        fc.cancelSelection();
      }
      return;
    }
    final List<String> text = new ArrayList<>();
    collectText(d, text);
    dialogCount++;
    out.println("DIALOG\t" + d.getTitle() + "\t" + String.join(" | ", text));
    final JComboBox<?> cb = find(d, JComboBox.class);
    if (cb != null && wantSide != null) {
      for (int i = 0; i < cb.getItemCount(); i++) {
        if (String.valueOf(cb.getItemAt(i)).contains(wantSide)) {
          cb.setSelectedIndex(i);
          out.println("DIALOG-CHOSE\t" + cb.getItemAt(i));
        }
      }
    }
    final List<AbstractButton> buttons = new ArrayList<>();
    findButtons(d, buttons);
    for (final String want : new String[]{"OK", "Ok", "Finish", "Close", "No"}) {
      for (final AbstractButton b : buttons) {
        if (want.equals(b.getText())) {
          out.println("DIALOG-ANSWER\t[" + want + "]");
          b.doClick();
          return;
        }
      }
    }
    out.println("DIALOG-ANSWER\tdispose");
    d.dispose();
  }
}
