/* SPDX-License-Identifier: MIT */
/*
 * Tile types: sides, features, rotation, names and the checksums of the
 * rules (doc/users/rules.md#board, doc/users/rules.md#tiles).
 */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

/*
 * The 24 base tiles, written out again here from the tables of
 * doc/users/rules.md so that the library's compiled-in data is checked against
 * an independent transcription.  Sides are N E S W.  Features:
 * "cK=SIDES/PENNANTS", "rK=SIDES", "fK=HALF-EDGES[:CITY NUMBERS]", "M" for the
 * monastery.
 */
struct tile_ref {
	const char *name;
	int count; /* in the full game, start tile included */
	const char *sides;
	const char *features;
};

/*
 * Only the 24 base types are transcribed here; the Crop Circles tiles
 * (CARC_TILE_CCI_1 and up) are checked in test-cropcircles.c.
 */
#define BASE_TYPES (CARC_TILE_X + 1)

static const struct tile_ref tiles[BASE_TYPES] = {
	{ "A", 2, "FFRF", "r1=S M f1=NL+NR+EL+ER+SL+SR+WL+WR" },
	{ "B", 4, "FFFF", "M f1=NL+NR+EL+ER+SL+SR+WL+WR" },
	{ "C", 1, "CCCC", "c1=N+E+S+W/1" },
	{ "D", 4, "CRFR", "c1=N/0 r1=E+W f1=EL+WR:1 f2=ER+SL+SR+WL" },
	{ "E", 5, "CFFF", "c1=N/0 f1=EL+ER+SL+SR+WL+WR:1" },
	{ "F", 2, "FCFC", "c1=E+W/1 f1=NL+NR:1 f2=SL+SR:1" },
	{ "G", 1, "FCFC", "c1=E+W/0 f1=NL+NR:1 f2=SL+SR:1" },
	{ "H", 3, "CFCF", "c1=N/0 c2=S/0 f1=EL+ER+WL+WR:1,2" },
	{ "I", 2, "CFFC", "c1=N/0 c2=W/0 f1=EL+ER+SL+SR:1,2" },
	{ "J", 3, "CRRF", "c1=N/0 r1=E+S f1=EL+SR+WL+WR:1 f2=ER+SL" },
	{ "K", 3, "CFRR", "c1=N/0 r1=S+W f1=EL+ER+SL+WR:1 f2=SR+WL" },
	{ "L", 3, "CRRR",
	  "c1=N/0 r1=E r2=S r3=W f1=EL+WR:1 f2=ER+SL f3=SR+WL" },
	{ "M", 2, "CFFC", "c1=N+W/1 f1=EL+ER+SL+SR:1" },
	{ "N", 3, "CFFC", "c1=N+W/0 f1=EL+ER+SL+SR:1" },
	{ "O", 2, "CRRC", "c1=N+W/1 r1=E+S f1=EL+SR:1 f2=ER+SL" },
	{ "P", 3, "CRRC", "c1=N+W/0 r1=E+S f1=EL+SR:1 f2=ER+SL" },
	{ "Q", 1, "CCFC", "c1=N+E+W/1 f1=SL+SR:1" },
	{ "R", 3, "CCFC", "c1=N+E+W/0 f1=SL+SR:1" },
	{ "S", 2, "CCRC", "c1=N+E+W/1 r1=S f1=SL:1 f2=SR:1" },
	{ "T", 1, "CCRC", "c1=N+E+W/0 r1=S f1=SL:1 f2=SR:1" },
	{ "U", 8, "FRFR", "r1=E+W f1=NL+NR+EL+WR f2=ER+SL+SR+WL" },
	{ "V", 9, "FFRR", "r1=S+W f1=NL+NR+EL+ER+SL+WR f2=SR+WL" },
	{ "W", 4, "FRRR", "r1=E r2=S r3=W f1=NL+NR+EL+WR f2=ER+SL f3=SR+WL" },
	{ "X", 1, "RRRR",
	  "r1=N r2=E r3=S r4=W f1=NL+WR f2=NR+EL f3=ER+SL f4=SR+WL" },
};

/* One feature of the transcription, decoded. */
struct feat_ref {
	uint32_t id;
	int mask;     /* sides (city, road) or half-edges (field), rot 0 */
	int pennants; /* cities */
	int cities;   /* fields: bit n-1 for city cn */
};

static int
side_index(char c)
{
	switch (c) {
	case 'N': return 0;
	case 'E': return 1;
	case 'S': return 2;
	case 'W': return 3;
	}
	ck_abort_msg("bad side letter %c", c);
	return -1;
}

static int
edge_type(char c)
{
	switch (c) {
	case 'C': return CARC_EDGE_CITY;
	case 'R': return CARC_EDGE_ROAD;
	case 'F': return CARC_EDGE_FIELD;
	}
	ck_abort_msg("bad edge letter %c", c);
	return -1;
}

/* Half-edge index of "NL".."WR" (doc/users/rules.md#half-edges). */
static int
half_index(const char *p)
{
	int s = side_index(p[0]);

	ck_assert(p[1] == 'L' || p[1] == 'R');
	return s * 2 + (p[1] == 'R' ? 1 : 0);
}

/* Decode the feature string of a tile, sorted by feature id. */
static int
decode_features(const struct tile_ref *t, struct feat_ref *out, int max)
{
	char buf[128];
	int n = 0;

	ck_assert(strlen(t->features) < sizeof(buf));
	strcpy(buf, t->features);
	for (char *tok = strtok(buf, " "); tok != NULL;
	     tok = strtok(NULL, " ")) {
		struct feat_ref f = { 0, 0, 0, 0 };
		char *p;

		ck_assert_int_lt(n, max);
		if (strcmp(tok, "M") == 0) {
			f.id = CARC_MONASTERY;
			out[n++] = f;
			continue;
		}
		ck_assert(tok[1] >= '1' && tok[1] <= '4' && tok[2] == '=');
		p = tok + 3;
		switch (tok[0]) {
		case 'c':
			f.id = (uint32_t)(CARC_FEATURE_CITY * 16 + tok[1] - '0');
			for (; *p != '/'; p++) {
				if (*p != '+')
					f.mask |= 1 << side_index(*p);
			}
			f.pennants = atoi(p + 1);
			break;
		case 'r':
			f.id = (uint32_t)(CARC_FEATURE_ROAD * 16 + tok[1] - '0');
			for (; *p != '\0'; p++) {
				if (*p != '+')
					f.mask |= 1 << side_index(*p);
			}
			break;
		case 'f':
			f.id = (uint32_t)(CARC_FEATURE_FIELD * 16 + tok[1] - '0');
			while (*p != '\0' && *p != ':') {
				f.mask |= 1 << half_index(p);
				p += 2;
				if (*p == '+')
					p++;
			}
			if (*p == ':') {
				for (p++; *p != '\0'; p++) {
					if (*p != ',')
						f.cities |= 1 << (*p - '1');
				}
			}
			break;
		default:
			ck_abort_msg("bad feature %s", tok);
		}
		out[n++] = f;
	}
	/* Canonical order = ascending ids (cities, roads, fields, monastery). */
	for (int i = 1; i < n; i++) {
		for (int j = i; j > 0 && out[j - 1].id > out[j].id; j--) {
			struct feat_ref tmp = out[j];

			out[j] = out[j - 1];
			out[j - 1] = tmp;
		}
	}
	return n;
}

static int
rotate_sides(int mask, int r)
{
	int out = 0;

	for (int s = 0; s < 4; s++) {
		if (mask & (1 << s))
			out |= 1 << ((s + r) % 4);
	}
	return out;
}

static int
rotate_halves(int mask, int r)
{
	int out = 0;

	for (int h = 0; h < 8; h++) {
		if (mask & (1 << h))
			out |= 1 << ((h + 2 * r) % 8);
	}
	return out;
}

/* ---- names ---------------------------------------------------------- */

START_TEST(tile_names_round_trip)
{
	for (uint32_t t = 0; t < BASE_TYPES; t++) {
		const char *name = carc_tile_name(t);

		ck_assert_ptr_nonnull(name);
		ck_assert_str_eq(name, tiles[t].name);
		ck_assert_int_eq(carc_tile_from_name(name), (int)t);
	}
}
END_TEST

START_TEST(tile_names_enum_letters)
{
	ck_assert_int_eq(CARC_TILE_A, 0);
	ck_assert_int_eq(carc_tile_from_name("A"), CARC_TILE_A);
	ck_assert_int_eq(carc_tile_from_name("D"), CARC_TILE_D);
	ck_assert_int_eq(carc_tile_from_name("X"), CARC_TILE_X);
	ck_assert_str_eq(carc_tile_name(CARC_TILE_V), "V");
}
END_TEST

START_TEST(tile_names_unknown)
{
	ck_assert_ptr_null(carc_tile_name(CARC_TILE_TYPES));
	ck_assert_ptr_null(carc_tile_name(1000));
	ck_assert_ptr_null(carc_tile_name(UINT32_MAX));
	assert_status_eq(carc_tile_from_name("Y"), CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_from_name("d"), CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_from_name(""), CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_from_name("DD"), CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_from_name(NULL), CARC_E_INVALID);
}
END_TEST

START_TEST(feature_names_round_trip)
{
	static const struct {
		uint32_t id;
		const char *name;
	} names[] = {
		{ CARC_C1, "c1" }, { CARC_C2, "c2" }, { CARC_C3, "c3" },
		{ CARC_C4, "c4" }, { CARC_R1, "r1" }, { CARC_R2, "r2" },
		{ CARC_R3, "r3" }, { CARC_R4, "r4" }, { CARC_F1, "f1" },
		{ CARC_F2, "f2" }, { CARC_F3, "f3" }, { CARC_F4, "f4" },
		{ CARC_MONASTERY, "monastery" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *got = carc_feature_name(names[i].id);

		ck_assert_ptr_nonnull(got);
		ck_assert_str_eq(got, names[i].name);
		ck_assert_int_eq(carc_feature_from_name(names[i].name),
				 (int)names[i].id);
	}
}
END_TEST

START_TEST(feature_names_ids)
{
	ck_assert_int_eq(CARC_C1, CARC_FEATURE_CITY * 16 + 1);
	ck_assert_int_eq(CARC_R3, CARC_FEATURE_ROAD * 16 + 3);
	ck_assert_int_eq(CARC_F2, CARC_FEATURE_FIELD * 16 + 2);
	ck_assert_int_eq(CARC_MONASTERY, CARC_FEATURE_MONASTERY * 16 + 1);
}
END_TEST

START_TEST(feature_names_invalid)
{
	ck_assert_ptr_null(carc_feature_name(0));
	ck_assert_ptr_null(carc_feature_name(0x01));
	ck_assert_ptr_null(carc_feature_name(0x10));
	ck_assert_ptr_null(carc_feature_name(0x51));
	ck_assert_ptr_null(carc_feature_name(UINT32_MAX));
	assert_status_eq(carc_feature_from_name(NULL), CARC_E_INVALID);
	assert_status_eq(carc_feature_from_name(""), CARC_E_INVALID);
	assert_status_eq(carc_feature_from_name("x1"), CARC_E_INVALID);
	assert_status_eq(carc_feature_from_name("c0"), CARC_E_INVALID);
	assert_status_eq(carc_feature_from_name("C1"), CARC_E_INVALID);
	assert_status_eq(carc_feature_from_name("monk"), CARC_E_INVALID);
	assert_status_eq(carc_feature_from_name("c1x"), CARC_E_INVALID);
}
END_TEST

/* ---- geometry, per tile and rotation (loop index = tile * 4 + rot) -- */

START_TEST(tile_edges_rotate)
{
	uint32_t t = (uint32_t)_i / 4;
	uint32_t r = (uint32_t)_i % 4;

	for (uint32_t s = 0; s < 4; s++) {
		int want = edge_type(tiles[t].sides[s]);

		ck_assert_msg(carc_tile_edge(t, r, (s + r) % 4) == want,
			      "%s r%u side %u", tiles[t].name, r, s);
	}
}
END_TEST

START_TEST(tile_features_list)
{
	uint32_t t = (uint32_t)_i;
	struct feat_ref want[12];
	uint32_t got[16];
	int n = decode_features(&tiles[t], want, 12);

	ck_assert_int_eq(carc_tile_features(t, NULL, 0), n);
	memset(got, 0xff, sizeof(got));
	ck_assert_int_eq(carc_tile_features(t, got, 16), n);
	for (int i = 0; i < n; i++) {
		ck_assert_msg(got[i] == want[i].id, "%s feature %d: %s != %s",
			      tiles[t].name, i,
			      carc_feature_name(got[i]) ? carc_feature_name(got[i]) : "?",
			      carc_feature_name(want[i].id));
	}
	ck_assert_uint_eq(got[n], UINT32_MAX);
}
END_TEST

/* Every tile type, the Crop Circles ones included, lists its features in
 * the documented order (cities, roads, fields, monastery, each numbered
 * from 1): scoring relies on the pieces of one kind being consecutive;
 * and no piece has more than three pennants. */
START_TEST(tile_features_canonical_order)
{
	uint32_t t = (uint32_t)_i;
	uint32_t got[16];
	int n = carc_tile_features(t, got, 16);

	ck_assert_int_gt(n, 0);
	ck_assert_int_le(n, 16);
	for (int i = 0; i < n; i++) {
		uint32_t kind = got[i] >> 4, num = got[i] & 15;

		if (i == 0 || kind != got[i - 1] >> 4) {
			ck_assert_msg(num == 1, "%s feature %d: %s",
				      carc_tile_name(t), i,
				      carc_feature_name(got[i]));
			ck_assert_msg(i == 0 || kind > got[i - 1] >> 4,
				      "%s feature %d: %s after %s",
				      carc_tile_name(t), i,
				      carc_feature_name(got[i]),
				      carc_feature_name(got[i - 1]));
		} else {
			ck_assert_uint_eq(got[i], got[i - 1] + 1);
		}
		/* a piece's own pennants fit the piece attributes' two
		 * bits for them (tile_info.attr, PA_PENNANTS) */
		ck_assert_int_le(carc_tile_feature_pennants(t, got[i]), 3);
	}
}
END_TEST

START_TEST(tile_features_snprintf)
{
	uint32_t t = (uint32_t)_i;
	struct feat_ref want[12];
	uint32_t got[4] = { 0xdead, 0xdead, 0xdead, 0xdead };
	int n = decode_features(&tiles[t], want, 12);

	/* Room for one: exactly one written, the total returned. */
	ck_assert_int_eq(carc_tile_features(t, got, 1), n);
	ck_assert_uint_eq(got[0], want[0].id);
	ck_assert_uint_eq(got[1], 0xdead);
	assert_status_eq(carc_tile_features(t, NULL, 3), CARC_E_INVALID);
}
END_TEST

START_TEST(tile_feature_sides_rotate)
{
	uint32_t t = (uint32_t)_i / 4;
	uint32_t r = (uint32_t)_i % 4;
	struct feat_ref want[12];
	int n = decode_features(&tiles[t], want, 12);

	for (int i = 0; i < n; i++) {
		int kind = (int)(want[i].id >> 4);
		int mask;

		if (kind == CARC_FEATURE_FIELD)
			mask = rotate_halves(want[i].mask, (int)r);
		else
			mask = rotate_sides(want[i].mask, (int)r);
		ck_assert_msg(carc_tile_feature_sides(t, r, want[i].id) == mask,
			      "%s r%u %s: got %#x want %#x", tiles[t].name, r,
			      carc_feature_name(want[i].id),
			      (unsigned)carc_tile_feature_sides(t, r,
								want[i].id),
			      (unsigned)mask);
	}
}
END_TEST

START_TEST(tile_feature_sides_cover_edges)
{
	/* Every road/city side of the tile belongs to exactly one feature of
	 * that kind, every non-city half-edge to exactly one field. */
	uint32_t t = (uint32_t)_i / 4;
	uint32_t r = (uint32_t)_i % 4;
	uint32_t ids[16];
	int n = carc_tile_features(t, ids, 16);
	int cities = 0, roads = 0, fields = 0;

	ck_assert_int_gt(n, 0);
	for (int i = 0; i < n; i++) {
		int m = carc_tile_feature_sides(t, r, ids[i]);

		ck_assert_int_ge(m, 0);
		switch (ids[i] >> 4) {
		case CARC_FEATURE_CITY:
			ck_assert_int_eq(cities & m, 0);
			cities |= m;
			break;
		case CARC_FEATURE_ROAD:
			ck_assert_int_eq(roads & m, 0);
			roads |= m;
			break;
		case CARC_FEATURE_FIELD:
			ck_assert_int_eq(fields & m, 0);
			fields |= m;
			break;
		default:
			ck_assert_int_eq(m, 0);
		}
	}
	for (uint32_t s = 0; s < 4; s++) {
		int e = carc_tile_edge(t, r, s);
		int halves = 3 << (2 * s);

		ck_assert_int_eq(!!(cities & (1 << s)), e == CARC_EDGE_CITY);
		ck_assert_int_eq(!!(roads & (1 << s)), e == CARC_EDGE_ROAD);
		ck_assert_int_eq((fields & halves) == halves,
				 e != CARC_EDGE_CITY);
		ck_assert_int_eq((fields & halves) == 0, e == CARC_EDGE_CITY);
	}
}
END_TEST

START_TEST(tile_feature_pennants_and_cities)
{
	uint32_t t = (uint32_t)_i;
	struct feat_ref want[12];
	int n = decode_features(&tiles[t], want, 12);

	for (int i = 0; i < n; i++) {
		const char *fn = carc_feature_name(want[i].id);

		ck_assert_msg(carc_tile_feature_pennants(t, want[i].id) ==
			      want[i].pennants, "%s %s pennants",
			      tiles[t].name, fn);
		ck_assert_msg(carc_tile_field_cities(t, want[i].id) ==
			      want[i].cities, "%s %s cities: got %d want %d",
			      tiles[t].name, fn,
			      carc_tile_field_cities(t, want[i].id),
			      want[i].cities);
	}
}
END_TEST

START_TEST(tile_missing_features)
{
	uint32_t t = (uint32_t)_i;
	static const uint32_t all[] = {
		CARC_C1, CARC_C2, CARC_C3, CARC_C4, CARC_R1, CARC_R2, CARC_R3,
		CARC_R4, CARC_F1, CARC_F2, CARC_F3, CARC_F4, CARC_MONASTERY,
	};
	struct feat_ref want[12];
	int n = decode_features(&tiles[t], want, 12);

	for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++) {
		int present = 0;

		for (int i = 0; i < n; i++)
			present |= want[i].id == all[k];
		if (present)
			continue;
		assert_status_eq(carc_tile_feature_sides(t, 0, all[k]),
				 CARC_E_NO_FEATURE);
		assert_status_eq(carc_tile_feature_pennants(t, all[k]),
				 CARC_E_NO_FEATURE);
		assert_status_eq(carc_tile_field_cities(t, all[k]),
				 CARC_E_NO_FEATURE);
	}
}
END_TEST

START_TEST(tile_queries_bad_arguments)
{
	uint32_t f;

	assert_status_eq(carc_tile_edge(CARC_TILE_TYPES, 0, 0),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_edge(CARC_TILE_D, 4, 0), CARC_E_INVALID);
	assert_status_eq(carc_tile_edge(CARC_TILE_D, 0, 4), CARC_E_INVALID);
	assert_status_eq(carc_tile_features(CARC_TILE_TYPES, NULL, 0),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_features(CARC_TILE_TYPES, &f, 1),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_feature_sides(CARC_TILE_TYPES, 0, CARC_C1),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_feature_sides(CARC_TILE_D, 4, CARC_C1),
			 CARC_E_INVALID);
	assert_status_eq(carc_tile_feature_pennants(CARC_TILE_TYPES, CARC_C1),
			 CARC_E_UNKNOWN_TILE);
	assert_status_eq(carc_tile_field_cities(99, CARC_F1),
			 CARC_E_UNKNOWN_TILE);
}
END_TEST

/* ---- checksums (doc/users/rules.md#tile-checksums) ------------------ */

static struct carc_rules *default_rules;

static void
default_rules_setup(void)
{
	default_rules = make_rules(NULL, 0);
}

static void
default_rules_teardown(void)
{
	carc_rules_unref(default_rules);
	default_rules = NULL;
}

static int
full_count(uint32_t t)
{
	int c = carc_rules_tile_count(default_rules, t);

	ck_assert_int_ge(c, 0);
	return c + (t == CARC_TILE_D ? 1 : 0);
}

START_TEST(checksum_counts_match_reference)
{
	for (uint32_t t = 0; t < BASE_TYPES; t++)
		ck_assert_msg(full_count(t) == tiles[t].count, "%s: %d",
			      tiles[t].name, full_count(t));
	ck_assert_int_eq(carc_rules_tile_count(default_rules, CARC_TILE_D), 3);
}
END_TEST

START_TEST(checksum_tiles)
{
	int total = 0, types = 0;

	for (uint32_t t = 0; t < BASE_TYPES; t++) {
		total += full_count(t);
		types += full_count(t) > 0;
	}
	ck_assert_int_eq(total, 72);
	ck_assert_int_eq(types, 24);
}
END_TEST

START_TEST(checksum_sides)
{
	int n[4] = { 0, 0, 0, 0 };

	for (uint32_t t = 0; t < BASE_TYPES; t++) {
		for (uint32_t s = 0; s < 4; s++) {
			int e = carc_tile_edge(t, 0, s);

			ck_assert(e >= CARC_EDGE_CITY && e <= CARC_EDGE_FIELD);
			n[e] += full_count(t);
		}
	}
	ck_assert_int_eq(n[CARC_EDGE_CITY], 79);
	ck_assert_int_eq(n[CARC_EDGE_ROAD], 94);
	ck_assert_int_eq(n[CARC_EDGE_FIELD], 115);
}
END_TEST

START_TEST(checksum_pennants_monasteries_junctions)
{
	int pennants = 0, monasteries = 0, junctions = 0;

	for (uint32_t t = 0; t < BASE_TYPES; t++) {
		uint32_t ids[16];
		int n = carc_tile_features(t, ids, 16);
		int roads = 0;

		ck_assert_int_gt(n, 0);
		for (int i = 0; i < n; i++) {
			int p = carc_tile_feature_pennants(t, ids[i]);

			ck_assert_int_ge(p, 0);
			pennants += p * full_count(t);
			if (ids[i] == CARC_MONASTERY)
				monasteries += full_count(t);
			if ((ids[i] >> 4) == CARC_FEATURE_ROAD)
				roads++;
		}
		if (roads >= 3)
			junctions += full_count(t);
	}
	ck_assert_int_eq(pennants, 10);
	ck_assert_int_eq(monasteries, 6);
	ck_assert_int_eq(junctions, 8);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("tiles");
	TCase *tc;

	tc = tcase_create("names");
	tcase_add_test(tc, tile_names_round_trip);
	tcase_add_test(tc, tile_names_enum_letters);
	tcase_add_test(tc, tile_names_unknown);
	tcase_add_test(tc, feature_names_round_trip);
	tcase_add_test(tc, feature_names_ids);
	tcase_add_test(tc, feature_names_invalid);
	suite_add_tcase(s, tc);

	tc = tcase_create("edges");
	tcase_add_loop_test(tc, tile_edges_rotate, 0, BASE_TYPES * 4);
	suite_add_tcase(s, tc);

	tc = tcase_create("features");
	tcase_add_loop_test(tc, tile_features_list, 0, BASE_TYPES);
	tcase_add_loop_test(tc, tile_features_canonical_order, 0,
			    CARC_TILE_TYPES);
	tcase_add_loop_test(tc, tile_features_snprintf, 0, BASE_TYPES);
	tcase_add_loop_test(tc, tile_feature_pennants_and_cities, 0,
			    BASE_TYPES);
	tcase_add_loop_test(tc, tile_missing_features, 0, BASE_TYPES);
	tcase_add_test(tc, tile_queries_bad_arguments);
	suite_add_tcase(s, tc);

	tc = tcase_create("feature_sides");
	tcase_add_loop_test(tc, tile_feature_sides_rotate, 0,
			    BASE_TYPES * 4);
	tcase_add_loop_test(tc, tile_feature_sides_cover_edges, 0,
			    BASE_TYPES * 4);
	suite_add_tcase(s, tc);

	tc = tcase_create("checksums");
	tcase_add_unchecked_fixture(tc, default_rules_setup,
				    default_rules_teardown);
	tcase_add_test(tc, checksum_counts_match_reference);
	tcase_add_test(tc, checksum_tiles);
	tcase_add_test(tc, checksum_sides);
	tcase_add_test(tc, checksum_pennants_monasteries_junctions);
	suite_add_tcase(s, tc);

	return s;
}
