from centaurlab.cli import main

main()
