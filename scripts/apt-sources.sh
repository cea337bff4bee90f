# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/apt-sources.sh: sourced by the scripts that fetch Debian packages.
# Reads the mirrors from the machine's own apt configuration, so that no
# host name is ever written in this tree.
#
#   system_sources        "URI SUITE" for each deb source (deb822 and one-line)
#   pick_uri REGEX        the first URI that serves a suite matching REGEX
#   debian_mirror         the main archive's URI (the one serving bookworm),
#                         which also serves trixie, trixie-backports and sid
#   security_mirror       the URI serving bookworm-security (may be empty)

system_sources() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk '
		function flush() {
			if (types ~ /(^| )deb( |$)/ && enabled != "no")
				for (i = 1; i <= nu; i++)
					for (j = 1; j <= ns; j++)
						print u[i], s[j]
			types = ""; enabled = ""; nu = 0; ns = 0
		}
		/^[ \t]*#/ { next }
		/^[ \t]*$/ { flush(); next }
		{
			key = tolower($1); sub(/:$/, "", key)
			if (key == "types") { $1 = ""; types = $0 }
			else if (key == "enabled") enabled = tolower($2)
			else if (key == "uris") for (i = 2; i <= NF; i++) u[++nu] = $i
			else if (key == "suites") for (i = 2; i <= NF; i++) s[++ns] = $i
		}
		END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		# deb [options] URI SUITE COMPONENTS...
		sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" |
			awk '$1 == "deb" && NF >= 3 { print $2, $3 }'
	done
}

pick_uri() {
	system_sources | awk -v re="$1" '$2 ~ re { print $1; exit }'
}

debian_mirror() {
	pick_uri '^(bookworm|trixie|sid|unstable|stable|oldstable)(-updates)?$'
}

security_mirror() {
	pick_uri '^bookworm-security$'
}
