"""The training room's database on PostgreSQL (issue 20): its schema and roles, IT's
``room`` commands. No Qt here; the station's SQLite stays the embedded default."""
