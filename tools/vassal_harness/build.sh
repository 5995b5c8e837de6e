#!/bin/sh
# Build VASSAL (one tag of its public source) and our harness against it.
#
# usage: build.sh VASSAL_GIT_DIR TAG OUT_DIR
#   VASSAL_GIT_DIR  a clone (or bare mirror) of https://github.com/vassalengine/vassal
#   TAG             e.g. 3.7.26 or 3.8.0-beta1
#   OUT_DIR         created; receives src/ (the tag's vassal-app sources), classes/, rt/
#                   (resources), hclasses/ (the harness), cp.txt, conf/, home/
#
# VASSAL's own build is Maven; this compiles the same sources with javac against the
# libraries Debian ships (see README.md for the packages), so no Maven repository is needed.
# Nothing here is written into the modgen checkout.
set -eu
GIT=$1 TAG=$2 OUT=$3
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# the tag's application sources and resources
rm -rf "$OUT/src" && mkdir -p "$OUT/src"
git -C "$GIT" archive "$TAG" vassal-app/src/main | tar -x -C "$OUT/src"
M=$OUT/src/vassal-app/src/main

# Debian's jars for VASSAL's Maven dependencies (vassal-app/pom.xml)
J=/usr/share/java
CP=$J/logback-classic.jar:$J/logback-core.jar:$J/miglayout-core.jar:$J/miglayout-swing.jar:$J/jl.jar
CP=$CP:$J/commons-codec.jar:$J/commons-io.jar:$J/gnu-getopt.jar:$J/commons-lang3.jar:$J/commons-text.jar
CP=$CP:$J/httpclient5.jar:$J/httpcore5.jar:$J/httpcore5-h2.jar:$J/batik-all.jar:$J/xmlgraphics-commons.jar
CP=$CP:$J/xml-apis-ext.jar:$J/slf4j-api.jar:$J/swingx-core.jar:$J/TimingFramework.jar
CP=$CP:$J/maven-artifact-3.x.jar:$J/asm.jar:$J/asm-commons.jar:$J/asm-tree.jar:$J/asm-util.jar
CP=$CP:$J/jsoup.jar:$J/findbugs-annotations.jar:$J/jsr305.jar
for j in $(echo "$CP" | tr ':' ' '); do [ -e "$j" ] || { echo "missing $j (see README.md: Debian packages)" >&2; exit 1; }; done
echo "$CP" > "$OUT/cp.txt"

# every class but the one logback condition that needs logback >= 1.3 (Debian has 1.2);
# it is used only by VASSAL's logback.xml, which rt/ replaces (logback.xml here)
find "$M/java" -name '*.java' ! -name PropertyNoCaseStartsWithCondition.java | sort > "$OUT/sources.txt"
rm -rf "$OUT/classes" && mkdir -p "$OUT/classes"
nice javac -nowarn -encoding UTF-8 -proc:none -d "$OUT/classes" -cp "$CP" @"$OUT/sources.txt" 2> "$OUT/javac.log" \
  || { cat "$OUT/javac.log" >&2; exit 1; }

# resources: resources/, resources-filtered/git.properties with the version, the non-Java files
# of the Java tree (a wizard icon), and our logback.xml
rm -rf "$OUT/rt" && mkdir -p "$OUT/rt"
cp -r "$M/resources/." "$OUT/rt/"
echo "git.version=$TAG" > "$OUT/rt/git.properties"
(cd "$M/java" && find . -type f ! -name '*.java' -exec cp --parents {} "$OUT/rt/" \;)
sed "s#@VERSION@#$TAG#" "$HERE/logback.xml" > "$OUT/rt/logback.xml"

# the harness
rm -rf "$OUT/hclasses" && mkdir -p "$OUT/hclasses"
javac -nowarn -encoding UTF-8 -d "$OUT/hclasses" -cp "$OUT/classes:$OUT/rt:$CP" "$HERE/vharness/VHarness.java"
mkdir -p "$OUT/conf" "$OUT/home"
echo "built VASSAL $TAG and the harness in $OUT ($(wc -l < "$OUT/sources.txt") sources)"
