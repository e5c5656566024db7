from mapref.cli import run

run()
